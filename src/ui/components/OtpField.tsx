// The one-time code (spec §4 OTP screen, §5): one field, so the phone's SMS autofill
// (autocomplete one-time-code) and a pasted code both land whole. What is kept (digits only, at
// most OTP_LENGTH) and when it submits are the otp machine's rules.
import '@mantine/core/styles/Input.css';
import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { OTP_LENGTH } from '../../domain/constants';

interface Props {
  label: string;
  description?: ReactNode;
  value: string;
  onChange: (raw: string) => void;
  error?: ReactNode;
  readOnly?: boolean;
  autoFocus?: boolean;
}

export function OtpField({ label, value, onChange, ...rest }: Props) {
  return (
    <TextInput
      {...rest}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      name="otp"
      placeholder={'•'.repeat(OTP_LENGTH)}
      size="lg"
      styles={{
        input: {
          letterSpacing: '0.5em',
          fontVariantNumeric: 'tabular-nums',
          fontWeight: 600,
          textAlign: 'center',
        },
      }}
    />
  );
}
