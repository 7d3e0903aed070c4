/** The little of oidc-provider (v8, shipped without types) that test/support/oidcProvider.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface Context {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  }
  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients?: object[];
    jwks?: { keys: object[] };
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    features?: Record<string, object>;
    conformIdTokenClaims?: boolean;
    findAccount?(ctx: Context, id: string): Promise<Account | undefined>;
    loadExistingGrant?(ctx: Context): Promise<Grant | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: new (properties: { clientId: string; accountId: string }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
