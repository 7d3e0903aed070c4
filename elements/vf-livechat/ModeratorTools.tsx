/**
 * Moderators' controls for the whole chat (comment.moderate): close or reopen it, and slow mode —
 * off, 5, 10, 30 or 60 seconds between one reader's messages (PUT `slow_mode_seconds`; off resets
 * it with `DELETE …/settings/edit`). Readers see the change live (a `settings_changed` event).
 */
import { useId, useState } from 'react';
import { chatApi } from '../../core/api/chat.ts';
import type { Container } from '../../core/api/types.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

export const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60] as const;

export function ModeratorTools({ sectionUuid, container }: { sectionUuid: string; container: Container }) {
  const t = useT();
  const id = useId();
  const [busy, run] = useRunMutation();
  const [error, setError] = useState<string | null>(null);
  const containerUuid = container.content_container_uuid;
  const closed = container.settings.is_closed;
  const slow = container.settings.slow_mode_seconds ?? 0;
  const choices: number[] = SLOW_MODE_CHOICES.includes(slow as (typeof SLOW_MODE_CHOICES)[number]) ? [...SLOW_MODE_CHOICES] : [...SLOW_MODE_CHOICES, slow];

  const change = async (start: Parameters<typeof run>[0]) => {
    setError(null);
    await run(start).catch(() => setError(t('conversations.settings.error')));
  };
  const setSlow = (seconds: number) =>
    change(
      seconds === 0
        ? chatApi.endpoints.resetChatSettings.initiate({ sectionUuid, containerUuid, keys: ['slow_mode_seconds'] })
        : chatApi.endpoints.changeChatSettings.initiate({ sectionUuid, containerUuid, settings: { slow_mode_seconds: seconds } }),
    );

  return (
    <div className="vf-livechat__tools" part="moderator-tools" role="group" aria-label={t('conversations.chat.mod.label')}>
      <Button part="close-button" busy={busy} onClick={() => void change(chatApi.endpoints.changeChatSettings.initiate({ sectionUuid, containerUuid, settings: { is_closed: !closed } }))}>
        {t(closed ? 'conversations.chat.mod.reopen' : 'conversations.chat.mod.close')}
      </Button>
      <span className="vf-livechat__slow-setting">
        <label htmlFor={`${id}-slow`}>{t('conversations.chat.mod.slowMode')}</label>
        <select id={`${id}-slow`} part="slow-mode-setting" value={slow} disabled={busy} onChange={(event) => void setSlow(Number(event.target.value))}>
          {choices.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds === 0 ? t('conversations.chat.mod.slowOff') : t('conversations.chat.mod.seconds', { seconds })}
            </option>
          ))}
        </select>
      </span>
      <ErrorAlert message={error} />
    </div>
  );
}
