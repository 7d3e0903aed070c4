/**
 * Moderators and admins change this conversation's settings from inside the element
 * (POST /{section}/{container}/settings with the key to change): closed, hidden, premoderated.
 * Each is a toggle button (aria-pressed) that shows it is busy;
 * a failure is announced and the settings stay as the server has them.
 */
import { useState } from 'react';
import { useChangeContainerSettingsMutation } from '../../core/api/commentActions.ts';
import type { Container, ContainerSettings } from '../../core/api/types.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import { usePermission } from '../ui/usePermission.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

type Switch = keyof ContainerSettings;
/** One toggle per setting: the label names it, aria-pressed says whether it is on. */
const SWITCHES: { key: Switch; label: string }[] = [
  { key: 'is_closed', label: 'conversations.settings.closed' },
  { key: 'is_hidden', label: 'conversations.settings.hidden' },
  { key: 'is_premoderated', label: 'conversations.settings.premoderated' },
];

export function ContainerSettingsControl({ sectionUuid, container }: { sectionUuid: string; container: Container }) {
  const t = useT();
  const moderate = usePermission('comment', 'moderate');
  const [change, state] = useChangeContainerSettingsMutation();
  const [pending, setPending] = useState<Switch | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!moderate.allowed) return null;

  const send = async (which: Switch, settings: Partial<ContainerSettings>) => {
    setPending(which);
    setError(null);
    try {
      await change({ sectionUuid, containerUuid: container.content_container_uuid, settings }).unwrap();
    } catch {
      setError(t('conversations.settings.error'));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="vf-container-settings" part="container-settings" role="group" aria-label={t('conversations.settings.label')}>
      {SWITCHES.map(({ key, label }) => {
        const value = !!container.settings[key];
        return (
          <Button
            key={key}
            variant="ghost"
            data-setting={key}
            aria-pressed={value}
            busy={state.isLoading && pending === key}
            onClick={() => void send(key, { [key]: !value })}
          >
            {t(label)}
          </Button>
        );
      })}
      <ErrorAlert message={error} />
    </div>
  );
}
