/** What accounts offers the other features (docs/architecture.md): import these from here, not from its files. */
export { issueAccountToken } from './accountTokens.ts';
export { deleteAvatars } from './avatars.ts';
export { authAnswer, authResult, banAnswer, bootstrapAnswer, emptyAnswer, followAnswer, followersAnswer, muteAnswer, mutesAnswer, pageAnswer, settingsAnswer, signupAnswer, unbanAnswer, userAnswer } from './schemas.ts';
export { createSession, findLiveSessionByRefresh, isSessionLive, revokeSession, rotateRefresh } from './sessions.ts';
export { cancelDeletionOnLogin, deletionCancelledMail } from './deletionRequests.ts';
