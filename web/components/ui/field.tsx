import { useId, type ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { Input } from './input';
import { Label } from './label';

type FieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Shown under the input while there is no error. */
  hint?: string | undefined;
  error?: string | undefined;
  /** Defaults to a generated id; pass one when something else points at the input. */
  id?: string;
};

/** A labelled input with its hint and inline error wired up through aria-describedby. */
export function Field({ label, hint, error, id, className, ...inputProps }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = error ? errorId : hint ? hintId : undefined;

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className="text-sm text-destructive-text">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** An email address field: the right keyboard on phones, autofill, and a sample address. */
export function EmailField({
  label = 'Email',
  ...props
}: Omit<FieldProps, 'type' | 'label'> & { label?: string }) {
  return (
    <Field
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}
