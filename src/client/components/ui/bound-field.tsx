import type { ComponentProps, ReactNode } from 'react';
import { get, type FieldPath, type FieldValues, type UseFormReturn, type UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldA11y } from './form-field';
import { Input } from './input';
import { NativeSelect } from './native-select';
import { PasswordInput } from './password-input';

// Every form's field in one piece: the label, the control registered with react-hook-form, the hint
// and the field's error (the schema's or the server's, set with setError), wired for screen readers.

/** What a custom control receives: the registration and the accessibility attributes of its field. */
export type BoundControlProps = UseFormRegisterReturn & ReturnType<typeof fieldA11y>;

type InputProps = Omit<ComponentProps<'input'>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'form'>;

export interface BoundFieldProps<T extends FieldValues> extends InputProps {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The wrapper's class (grid placement). */
  fieldClassName?: string;
  /** Text taken exactly as typed (usernames, ids): no automatic capitals, no spell check. */
  verbatim?: boolean;
  /** A password box with its show/hide toggle; `toggleLabel` names it when a form has several. */
  password?: boolean;
  toggleLabel?: string;
  /** A drop-down of these choices instead of a text box. */
  options?: readonly { value: string; label: string }[];
  /** Any other control (a text area): given the registration and the a11y attributes. */
  render?: (control: BoundControlProps) => ReactNode;
}

export function BoundField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  fieldClassName,
  verbatim = false,
  password = false,
  toggleLabel,
  options,
  render,
  ...inputProps
}: BoundFieldProps<T>) {
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  const control: BoundControlProps = { ...fieldA11y(id, error), ...form.register(name) };
  const typing = verbatim ? { autoCapitalize: 'none', spellCheck: false } : {};
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      {render ? (
        render(control)
      ) : options ? (
        <NativeSelect {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      ) : password ? (
        <PasswordInput {...control} {...typing} {...inputProps} toggleLabel={toggleLabel} />
      ) : (
        <Input {...control} {...typing} {...inputProps} />
      )}
    </FormField>
  );
}
