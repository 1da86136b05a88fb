import { FormControl, FormHelperText, InputLabel, OutlinedInput, type TextFieldProps } from '@mui/material';
import { styled } from '@mui/material/styles';
import { forwardRef, useId } from 'react';

/**
 * MUI's TextField for outlined text, without its select mode: TextField imports Select, and with it Menu,
 * Popover and Modal (10 kB gzipped) that a form of plain fields does not draw (docs/decisions/web-bundle.md).
 * The same elements, classes and attributes as `<TextField>` (TextInput.test.tsx compares them); a select,
 * or another variant, is TextField's.
 */
const TextFieldRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

export const TextInput = forwardRef<
  HTMLDivElement,
  Omit<TextFieldProps, 'select' | 'variant' | 'slots' | 'children'>
>(function TextInput(props, ref) {
  const {
    autoComplete,
    autoFocus = false,
    className,
    color = 'primary',
    defaultValue,
    disabled = false,
    error = false,
    fullWidth = false,
    helperText,
    id: idOverride,
    inputRef,
    label,
    maxRows,
    minRows,
    multiline = false,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    required = false,
    rows,
    slotProps = {},
    type,
    value,
    ...other
  } = props;
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperTextId = helperText && id ? `${id}-helper-text` : undefined;
  const inputLabelId = label && id ? `${id}-label` : undefined;
  const labelProps = (slotProps.inputLabel ?? {}) as Record<string, unknown>;
  const inputExtra: Record<string, unknown> = { label };
  if (typeof labelProps.shrink !== 'undefined') inputExtra.notched = labelProps.shrink;
  const root = className ? `MuiTextField-root ${className}` : 'MuiTextField-root';
  return (
    <TextFieldRoot
      {...other}
      className={root}
      ref={ref}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant="outlined"
    >
      {label != null && label !== '' ? (
        <InputLabel htmlFor={id} id={inputLabelId} {...labelProps}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slotProps.htmlInput as Record<string, unknown> | undefined}
        {...inputExtra}
        {...(slotProps.input as Record<string, unknown> | undefined)}
      />
      {helperText ? (
        <FormHelperText id={helperTextId} {...(slotProps.formHelperText as Record<string, unknown>)}>
          {helperText}
        </FormHelperText>
      ) : null}
    </TextFieldRoot>
  );
});
