import { Switch, type SwitchProps } from '@mantine/core';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

type SwitchFieldProps<TValues extends FieldValues, TOutput extends FieldValues> = Omit<
  SwitchProps,
  'name' | 'checked' | 'onChange' | 'onBlur'
> & {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPathByValue<TValues, boolean>;
};

/** A switch bound to a yes/no field of a react-hook-form form. */
export function SwitchField<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  ...props
}: SwitchFieldProps<TValues, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          {...props}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
        />
      )}
    />
  );
}
