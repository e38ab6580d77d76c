import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './receipt.css';

/** One receipt: its heading, and label/value lines (labels already translated). */
export interface ReceiptData {
  title: string;
  lines: [label: string, value: ReactNode][];
}

/** Prints the receipt only (receipt.css hides the rest of the page while it prints). */
function printReceipt(): void {
  document.body.classList.add('receipt-printing');
  try {
    window.print();
  } finally {
    document.body.classList.remove('receipt-printing');
  }
}

/**
 * A receipt for money taken or waived at the desk (loss compensation, overdue fine): shown in a modal with a
 * Print button that prints just the receipt, with the time it was made.
 */
export function ReceiptModal({ receipt, onClose }: { receipt: ReceiptData | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!receipt}
      title={t('kit.receipt.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('kit.receipt.close')}
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          onClick={printReceipt}
          data-testid="receipt-print"
        >
          {t('kit.receipt.print')}
        </Button>,
      ]}
    >
      {receipt && (
        <div className="receipt-sheet" data-testid="receipt">
          <Typography.Title level={5} style={{ textAlign: 'center' }}>
            {receipt.title}
          </Typography.Title>
          <Descriptions size="small" column={1} bordered>
            {receipt.lines.map(([label, value]) => (
              <Descriptions.Item key={label} label={label}>
                {value}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('kit.receipt.time')}>{dayjs().format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
          </Descriptions>
        </div>
      )}
    </Modal>
  );
}
