/**
 * <vf-moderation-queue>: the site's moderation queues for its moderators and admins
 * (docs/moderation.md "The element"). A guest is asked to log in; a signed-in reader (or anyone the
 * server refuses) is told only the site's moderators see it, and nothing else.
 */
import { useState } from 'react';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { OfflineNotice } from '../ui/OfflineNotice.tsx';
import { StaffGuestPrompt, StaffNote, StaffPending, StaffTitle, useStaffView } from '../ui/StaffNotes.tsx';
import { useT } from '../ui/useIntl.ts';
import { ViewerProvider } from '../ui/usePermission.ts';
import { TABS, type TabName } from './notices/legalQueues.ts';
import { QueueView } from './QueueView.tsx';

const K = 'page_settings.moderationQueue';
const NOTE = 'vf-mq__note';

export interface ModerationQueueProps {
  /** `queue`: the queue shown first (pending by default). */
  queue?: string;
}

function Gate({ queue }: { queue: TabName }) {
  const t = useT();
  const view = useStaffView('staff');
  /** The server refused this user (a moderator of another site): the same words as a reader's. */
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  let body;
  if (view.kind === 'loading') body = <StaffPending text={t(`${K}.guest`)} loginLabel={t(`${K}.login`)} label={t(`${K}.loading`)} className={NOTE} />;
  else if (view.kind === 'guest') body = <StaffGuestPrompt text={t(`${K}.guest`)} loginLabel={t(`${K}.login`)} action="moderation.queue" className={NOTE} />;
  else if (view.kind === 'forbidden' || refusedFor === view.user.uuid) body = <StaffNote part="forbidden" text={t(`${K}.forbidden`)} className={NOTE} />;
  else body = <QueueView key={view.user.uuid} sectionUuid={view.sectionUuid} viewerUuid={view.user.uuid} initialQueue={queue} onForbidden={() => setRefusedFor(view.user.uuid)} />;
  return (
    <section className="vf-mq" part="base" aria-labelledby="vf-mq-title">
      <StaffTitle view={view} id="vf-mq-title" className="vf-mq__title" text={t(`${K}.title`)} />
      <OfflineNotice text={t(`${K}.offline`)} />
      {body}
    </section>
  );
}

export function ModerationQueue({ queue }: ModerationQueueProps) {
  const first = (TABS as readonly string[]).includes(queue ?? '') ? (queue as TabName) : 'pending';
  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <Gate queue={first} />
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
