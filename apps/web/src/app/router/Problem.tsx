import { WarningFilled } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A warning with an action, drawn like antd's `<Result status="warning">`. The entry chunk shows it when a
 * screen's code or the session cannot load, and the sign-in return when it fails; antd's Result would add its
 * three large status pictures (~10 KB gzip) to every first load, the sign-in page's included.
 */
export function Problem({ title, subTitle, extra }: { title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <WarningFilled style={{ fontSize: 72, color: token.colorWarning, marginBottom: 24 }} />
      <div
        style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: 1.33, margin: '8px 0' }}
      >
        {title}
      </div>
      {subTitle && (
        <div style={{ color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
          {subTitle}
        </div>
      )}
      {extra && <div style={{ marginTop: 24 }}>{extra}</div>}
    </div>
  );
}
