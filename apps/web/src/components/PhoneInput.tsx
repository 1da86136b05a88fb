import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  TextField,
  Typography,
} from '@mui/material';
import {
  DEFAULT_PHONE_COUNTRY as DOMAIN_DEFAULT_PHONE_COUNTRY,
  foldText,
  phoneFieldError,
  VALIDATION_MESSAGES,
} from '@sitepulse/domain';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isValidPhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { type KeyboardEvent, type Ref, useId, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/index.ts';

/** The phone input defaults to Canada (spec section 5). */
export const DEFAULT_PHONE_COUNTRY = DOMAIN_DEFAULT_PHONE_COUNTRY as CountryCode;

/** A phone number as typed: the chosen country and the national number. */
export interface PhoneValue {
  country: CountryCode;
  national: string;
}

export const emptyPhone = (country: CountryCode = DEFAULT_PHONE_COUNTRY): PhoneValue => ({
  country,
  national: '',
});

export const isPhoneEmpty = (value: PhoneValue): boolean => value.national.trim() === '';

/** Valid for the chosen country (an empty value is not valid: it is just empty). */
export function isPhoneValid(value: PhoneValue): boolean {
  if (isPhoneEmpty(value)) return false;
  try {
    return isValidPhoneNumber(value.national, value.country);
  } catch {
    return false;
  }
}

/** The E.164 form ('+' and digits), or null when the number is not valid for its country. */
export function phoneToE164(value: PhoneValue): string | null {
  if (!isPhoneValid(value)) return null;
  return parsePhoneNumberFromString(value.national, value.country)?.number ?? null;
}

interface CountryOption {
  code: CountryCode;
  name: string;
  callingCode: string;
}

/**
 * The country's ISO code in a small badge. Flag emoji are not used: many desktops (Windows, Linux without an
 * emoji font) draw them as two letters or empty boxes.
 */
function CountryBadge({ code }: { code: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 28,
        height: 20,
        px: 0.5,
        borderRadius: 1,
        bgcolor: 'grey.200',
        color: 'text.secondary',
        fontSize: '0.7rem',
        fontWeight: 700,
        letterSpacing: 0.5,
        lineHeight: 1,
      }}
    >
      {code}
    </Box>
  );
}

function countryOptions(language: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => ({
      code,
      name: names?.of(code) ?? code,
      callingCode: getCountryCallingCode(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

export interface PhoneInputProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: () => void;
  /** A message from the form (e.g. 'Required'); it takes the place of the input's own message. */
  error?: string | null;
  label?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A phone number input: a country selector (default Canada) with a country search, and the national number.
 * Once the user has left the field, a non-empty number that is not valid for the chosen country shows
 * 'Invalid phone number'; emptying the field clears the message (spec section 5).
 */
export function PhoneInput({
  value,
  onChange,
  onBlur,
  error,
  label,
  name,
  disabled,
  required,
  autoFocus,
  inputRef,
}: PhoneInputProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [touched, setTouched] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [search, setSearch] = useState('');
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const selected = options.find((o) => o.code === value.country);
  const filtered = useMemo(() => {
    const q = foldText(search.trim()).replace(/^\+/, '');
    if (!q) return options;
    return options.filter(
      (o) => foldText(o.name).includes(q) || o.code.toLowerCase() === q || o.callingCode.startsWith(q),
    );
  }, [options, search]);

  const ownError =
    touched && phoneFieldError(value.national, isPhoneValid(value)) === VALIDATION_MESSAGES.invalidPhone
      ? t('auth.validation.invalidPhone')
      : null;
  const message = error || ownError;

  const closePicker = () => {
    setAnchor(null);
    setSearch('');
  };
  const choose = (country: CountryCode) => {
    onChange({ ...value, country });
    closePicker();
  };
  const onSearchKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && filtered[0]) {
      e.preventDefault();
      choose(filtered[0].code);
    }
  };

  const countryName = selected?.name ?? value.country;
  return (
    <>
      <TextField
        id={id}
        name={name}
        type="tel"
        label={label ?? t('auth.phone.label')}
        value={value.national}
        onChange={(e) => onChange({ ...value, national: e.target.value.replace(/[^\d\s()+.-]/g, '') })}
        onBlur={() => {
          setTouched(true);
          onBlur?.();
        }}
        error={Boolean(message)}
        helperText={message || ' '}
        disabled={disabled}
        required={required}
        autoFocus={autoFocus}
        inputRef={inputRef}
        fullWidth
        autoComplete="tel-national"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start" sx={{ mr: 0.5 }}>
                <Button
                  onClick={(e) => setAnchor(e.currentTarget)}
                  disabled={disabled}
                  aria-label={t('auth.phone.countryButton', { country: countryName })}
                  aria-haspopup="listbox"
                  aria-expanded={Boolean(anchor)}
                  endIcon={<ArrowDropDownIcon />}
                  color="inherit"
                  size="small"
                  sx={{
                    ml: -1,
                    px: 1,
                    minWidth: 0,
                    textTransform: 'none',
                    fontWeight: 500,
                    whiteSpace: 'nowrap',
                  }}
                >
                  <Box component="span" sx={{ mr: 0.75, display: 'inline-flex' }}>
                    <CountryBadge code={value.country} />
                  </Box>
                  +{selected?.callingCode ?? getCountryCallingCode(value.country)}
                </Button>
              </InputAdornment>
            ),
          },
          htmlInput: { inputMode: 'tel' },
        }}
      />
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={closePicker}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box sx={{ p: 1.5, pb: 1 }}>
          <TextField
            type="search"
            size="small"
            fullWidth
            autoFocus
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={onSearchKeyDown}
            placeholder={t('auth.phone.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('auth.phone.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <List
          role="listbox"
          aria-label={t('auth.phone.country')}
          dense
          sx={{ maxHeight: 300, overflowY: 'auto', pt: 0 }}
        >
          {filtered.map((o) => (
            <ListItemButton
              key={o.code}
              role="option"
              aria-selected={o.code === value.country}
              selected={o.code === value.country}
              onClick={() => choose(o.code)}
            >
              <Box component="span" sx={{ mr: 1.5, display: 'inline-flex' }}>
                <CountryBadge code={o.code} />
              </Box>
              <ListItemText primary={o.name} />
              <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                +{o.callingCode}
              </Typography>
            </ListItemButton>
          ))}
          {filtered.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
              {t('auth.phone.noResults')}
            </Typography>
          )}
        </List>
      </Popover>
    </>
  );
}
