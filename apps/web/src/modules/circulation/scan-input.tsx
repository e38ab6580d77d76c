import { BarcodeOutlined } from '@ant-design/icons';
import { Input, type InputRef } from 'antd';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useViewActive } from '../../app/layout/ViewHost.tsx';

export interface ScanInputHandle {
  focus: () => void;
}

/**
 * The desk's scan box: a scanner types the barcode and presses Enter; the box hands the trimmed text over
 * and empties itself at once, so the next scan can follow immediately. It takes the focus back whenever its
 * tab becomes visible again.
 */
export const ScanInput = forwardRef<
  ScanInputHandle,
  {
    placeholder: string;
    onScan: (code: string) => void;
    disabled?: boolean;
    testId?: string;
    size?: 'large' | 'middle';
  }
>(function ScanInput({ placeholder, onScan, disabled, testId, size = 'large' }, ref) {
  const [value, setValue] = useState('');
  const input = useRef<InputRef>(null);
  const active = useViewActive();
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }));
  useEffect(() => {
    if (active && !disabled) input.current?.focus();
  }, [active, disabled]);
  return (
    <Input
      ref={input}
      size={size}
      value={value}
      disabled={disabled}
      prefix={<BarcodeOutlined />}
      placeholder={placeholder}
      autoComplete="off"
      allowClear
      data-testid={testId}
      onChange={(e) => setValue(e.target.value)}
      onPressEnter={() => {
        const code = value.trim();
        setValue('');
        if (code) onScan(code);
      }}
    />
  );
});
