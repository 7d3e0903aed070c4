/** Realtime plugin: the hub on `app.hub` (routes publish to it; /ws subscribes to it). */
import fp from 'fastify-plugin';
import { Hub } from '../realtime/hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
  }
}

export default fp(
  async (app) => {
    app.decorate('hub', new Hub());
  },
  { name: 'vf-realtime' },
);
