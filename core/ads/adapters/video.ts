/**
 * Video integrations: EX.CO (`ExCoPlayer.connect`), vi (`vi.video`) and Aniview (`new avPlayer`).
 * Any way they cannot play (no script, no API, an error, nothing within the wait) is §8's
 * "exco, vi or AniView called but was unable to load". One video ad per page is video.ts's rule.
 */
import { RENDER_WAIT_MS, registerAdapter, vendorGlobal, type AdAdapter, type AdContext } from '../adapter.ts';
import { AdFailure, AD_FAILURE_REASONS } from '../failure.ts';
import { loadScript } from '../script.ts';

type Listen = (event: string, callback: () => void) => unknown;

/** EX.CO: `ExCoPlayer.connect(playerId, { container })` → a player with `on('ready' | 'error')`. */
interface ExCo {
  connect(playerId: string, options: { container: HTMLElement }): { on: Listen };
}
/** vi: `vi.video({ channelId, publisherId, container, width, height })` → a promise of the player. */
interface Vi {
  video(options: { channelId: string | null; publisherId: string | null; container: HTMLElement; width: number; height: number }): Promise<unknown>;
}
/** Aniview: `new avPlayer({ publisherId, channelId, ref, width, height })`, `on('AdLoaded' | 'AdError')`, `play()`. */
type AvPlayer = new (config: { publisherId: string | null; channelId: string | null; ref: HTMLElement; width: number; height: number }) => { on: Listen; play(): void };

const unavailable = () => new AdFailure(AD_FAILURE_REASONS.videoUnavailable);

/** Settles on the player's ready or error event, or fails after the wait. */
function outcome(start: (ready: () => void, failed: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(unavailable()), RENDER_WAIT_MS);
    const ready = () => {
      clearTimeout(timer);
      resolve();
    };
    const failed = () => {
      clearTimeout(timer);
      reject(unavailable());
    };
    try {
      start(ready, failed);
    } catch {
      failed();
    }
  });
}

function videoAdapter(integration: 'exco' | 'vi' | 'aniview', api: string, play: (ctx: AdContext) => Promise<void>): AdAdapter {
  return {
    integration,
    kind: 'video',
    async load(ctx) {
      if (!(await loadScript(ctx.scriptUrl)) || vendorGlobal(api) === undefined) throw unavailable();
    },
    render: play,
  };
}

const excoAdapter = videoAdapter('exco', 'ExCoPlayer', (ctx) =>
  outcome((ready, failed) => {
    const player = vendorGlobal<ExCo>('ExCoPlayer')!.connect(ctx.siteAdIds[0] ?? '', { container: ctx.slot });
    player.on('ready', ready);
    player.on('error', failed);
  }),
);

const viAdapter = videoAdapter('vi', 'vi', (ctx) =>
  outcome((ready, failed) => {
    const { width, height } = ctx.size;
    vendorGlobal<Vi>('vi')!.video({ channelId: ctx.siteAdIds[0], publisherId: ctx.siteAdIds[1], container: ctx.slot, width, height }).then(ready, failed);
  }),
);

const aniviewAdapter = videoAdapter('aniview', 'avPlayer', (ctx) =>
  outcome((ready, failed) => {
    const Player = vendorGlobal<AvPlayer>('avPlayer')!;
    const player = new Player({ publisherId: ctx.siteAdIds[1], channelId: ctx.siteAdIds[0], ref: ctx.slot, width: ctx.size.width, height: ctx.size.height });
    player.on('AdLoaded', ready);
    player.on('AdError', failed);
    player.play();
  }),
);

for (const adapter of [excoAdapter, viAdapter, aniviewAdapter]) registerAdapter(adapter);
