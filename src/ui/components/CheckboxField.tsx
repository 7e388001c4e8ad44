// A checkbox with its label, a note and an error, read out together (aria-describedby). A
// native input: Mantine's Checkbox shared by three screens split Mantine's Input code into a
// file of its own on every form's first paint (issue 54, about 0.4 KB gzip each).
import { useId } from 'react';
import classes from './CheckboxField.module.css';

export function CheckboxField({
  label,
  checked,
  onChange,
  note,
  error,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  note?: string | null;
  error?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const described = [note ? `${id}-note` : null, error ? `${id}-error` : null].filter(Boolean);
  return (
    <div className={classes.field}>
      <input
        id={id}
        type="checkbox"
        className={classes.box}
        checked={checked}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      {note ? (
        <p id={`${id}-note`} className={classes.note}>
          {note}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
