/**
 * The reader's data in the tray's profile (docs/law.md "Readers' data"; GDPR Art. 15, 17, 20):
 * "Download my data" saves one JSON file of everything vf holds about them; "Delete my account"
 * asks to confirm (DeleteAccount), then the profile says when the account will be deleted, with
 * "Cancel deletion". Offline, both wait for the connection; results are announced politely, and
 * the focus follows what replaced the control that was used. Its own chunk.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { toApiError } from '../../core/api/errors.ts';
import { fetchMyData, useCancelDeletionMutation, useMyDeletionQuery } from '../../core/api/myData.ts';
import type { User } from '../../core/api/types.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { saveFile } from '../ui/legal/saveFile.ts';
import { useLegalStyles } from '../ui/legal/useLegalStyles.ts';
import { OfflineNotice } from '../ui/OfflineNotice.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { DeleteAccount } from './DeleteAccount.tsx';

export function DataRights({ user }: { user: User }) {
  const t = useT();
  const titleId = `${useId()}-rights`;
  const styles = useLegalStyles();
  const online = useAppSelector(selectIsOnline);
  // Logging in cancels a deletion: the profile asks each time it shows.
  const deletion = useMyDeletionQuery(user.uuid, { refetchOnMountOrArgChange: true });
  const due = deletion.data?.delete_after ?? null;
  const [announcement, setAnnouncement] = useState('');
  // Set by the control that swaps one view for the other: the new view takes the focus.
  const [movedHere, setMovedHere] = useState(false);

  return (
    <section ref={styles} className="vf-rights" part="data-rights" aria-labelledby={titleId}>
      <h3 id={titleId} className="vf-rights__title">
        {t('base.rights.heading')}
      </h3>
      <OfflineNotice text={t('base.rights.offline')} className="vf-rights__hint" />
      <DownloadMyData onAnnounce={setAnnouncement} />
      {deletion.data && due !== null && (
        <ScheduledDeletion
          user={user}
          due={due}
          takeFocus={movedHere}
          onCancelled={() => {
            setMovedHere(true);
            setAnnouncement(t('base.rights.cancelled'));
          }}
        />
      )}
      {deletion.data && due === null && (
        <DeleteAccount
          user={user}
          takeFocus={movedHere}
          onAnnounce={setAnnouncement}
          onRequested={(date) => {
            setMovedHere(true);
            setAnnouncement(t('base.rights.scheduled', { date }));
          }}
        />
      )}
      {!deletion.data && deletion.isError && online && (
        <ErrorState message={t('base.rights.deletionError')} retryLabel={t('base.legal.retry')} onRetry={() => void deletion.refetch()} />
      )}
      {!deletion.data && !deletion.isError && online && <Skeleton lines={1} label={t('base.loading')} />}
      <p className="vf-visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}

function DownloadMyData({ onAnnounce }: { onAnnounce(message: string): void }) {
  const t = useT();
  const hintId = `${useId()}-hint`;
  const dispatch = useAppDispatch();
  const online = useAppSelector(selectIsOnline);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    onAnnounce('');
    try {
      const file = await dispatch(fetchMyData());
      saveFile(file.blob, file.filename);
      onAnnounce(t('base.rights.downloaded'));
    } catch (caught) {
      setError(t(toApiError(caught).error_status === 0 ? 'base.error.network' : 'base.rights.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="vf-rights__section">
      <p id={hintId} className="vf-rights__hint">
        {t('base.rights.downloadHint')}
      </p>
      <Button busy={busy} disabled={!online} aria-describedby={hintId} onClick={() => void download()}>
        {t('base.rights.download')}
      </Button>
      <ErrorAlert message={error} />
    </div>
  );
}

interface ScheduledDeletionProps {
  user: User;
  due: number;
  takeFocus: boolean;
  onCancelled(): void;
}

function ScheduledDeletion({ user, due, takeFocus, onCancelled }: ScheduledDeletionProps) {
  const t = useT();
  const online = useAppSelector(selectIsOnline);
  const [cancel, cancelling] = useCancelDeletionMutation();
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) box.current?.focus();
  }, [takeFocus]);

  const run = async () => {
    setError(null);
    try {
      await cancel({ userUuid: user.uuid }).unwrap();
      onCancelled();
    } catch (caught) {
      setError(t(toApiError(caught).error_status === 0 ? 'base.error.network' : 'base.rights.cancelFailed'));
    }
  };

  return (
    <div ref={box} className="vf-rights__scheduled" part="deletion-scheduled" tabIndex={-1}>
      <p data-field="deletion-date">{t('base.rights.scheduled', { date: due })}</p>
      <p className="vf-rights__hint">{t('base.rights.scheduledHint')}</p>
      <Button busy={cancelling.isLoading} disabled={!online} onClick={() => void run()}>
        {t('base.rights.cancelDeletion')}
      </Button>
      <ErrorAlert message={error} />
    </div>
  );
}
