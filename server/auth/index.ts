/** What auth offers the other features (docs/architecture.md): import these from here, not from its files. */
export { profileFromClaims, verifyJwtLogin, verifySharedSecretJwt } from './jwtLogin.ts';
export { OidcError, fetchJson, randomToken, verifyIdToken } from './oidc.ts';
export { NEW_PASSWORD, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
export { checkRequestSignature, signContainer } from './signatures.ts';
export { SocialFlows } from './socialFlows.ts';
export { authorizationUrl, exchangeCode, providerName } from './socialProvider.ts';
export { SESSION_ID_PATTERN, hashRefreshToken, newRefreshToken, newSessionId, signAccessToken, verifyAccessToken } from './tokens.ts';
