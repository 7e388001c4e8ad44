// A 10-digit Indian mobile number (spec §5): the numeric keyboard, the browser's phone
// autofill, a +91 prefix for orientation. What is kept of the input (digits only, at most 10,
// a pasted +91 dropped) is the machine's rule: this field shows `value` and reports raw text.
import '@mantine/core/styles/Input.css';
import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (raw: string) => void;
  error?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
}

export function PhoneField({ label, value, onChange, ...rest }: Props) {
  return (
    <TextInput
      {...rest}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      name="phone"
      leftSection="+91"
      leftSectionWidth={48}
      size="md"
    />
  );
}
