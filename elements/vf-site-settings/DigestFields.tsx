/**
 * The daily email digest's hour and time zone (docs/settings.md "Email digests"), inside the
 * accounts fieldset next to the email notifications switch. The hour is a drop-down 00:00–23:00;
 * the time zone is typed, with this browser's IANA names offered as suggestions: the server checks
 * the name against its own list and names the field when it refuses one.
 */
import { useMemo } from 'react';
import { useT } from '../ui/useIntl.ts';
import { SelectField, TextField } from './fields.tsx';
import { K } from './SettingsSection.tsx';

export const DIGEST_HOUR = 'email_digest_hour';
export const DIGEST_TIME_ZONE = 'email_digest_time_zone';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }));

/** The IANA names this browser knows; `UTC` first, since some engines list only `Etc/UTC` or none. */
function timeZoneNames(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((name) => name !== 'UTC')];
}

interface DigestFieldsProps {
  hour: number;
  timeZone: string;
  errorFor(name: string): string | null;
  onChange(change: { [DIGEST_HOUR]?: number; [DIGEST_TIME_ZONE]?: string }): void;
}

export function DigestFields({ hour, timeZone, errorFor, onChange }: DigestFieldsProps) {
  const t = useT();
  const zones = useMemo(timeZoneNames, []);
  return (
    <div className="vf-sset__row vf-sset__digest">
      <SelectField
        name={DIGEST_HOUR}
        label={t(`${K}.site.${DIGEST_HOUR}`)}
        hint={t(`${K}.site.${DIGEST_HOUR}Hint`)}
        value={String(hour)}
        choices={HOURS}
        error={errorFor(DIGEST_HOUR)}
        onChange={(value) => onChange({ [DIGEST_HOUR]: Number(value) })}
      />
      <TextField
        name={DIGEST_TIME_ZONE}
        label={t(`${K}.site.${DIGEST_TIME_ZONE}`)}
        hint={t(`${K}.site.${DIGEST_TIME_ZONE}Hint`)}
        value={timeZone}
        suggestions={zones}
        autoComplete="off"
        error={errorFor(DIGEST_TIME_ZONE)}
        onChange={(value) => onChange({ [DIGEST_TIME_ZONE]: value })}
      />
    </div>
  );
}
