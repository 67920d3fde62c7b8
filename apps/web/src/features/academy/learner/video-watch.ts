/**
 * A video lesson's player and the time watched in it. The player is the video site's embed (or whatever the server's
 * VIDEO_EMBED_URL names, which the page's head gives); with `enablejsapi=1` it speaks the video site's iframe
 * messages: the page posts `{"event":"listening"}` and the player answers with `infoDelivery` messages (its
 * `currentTime` and `playerState`) and `onStateChange`. No script of the video site is loaded here.
 */

export const DEFAULT_EMBED_URL = 'https://www.youtube-nocookie.com/embed/';

/** The embed address the server configured (`<meta name="video-embed-url">`), else the video site's. */
export function embedBase(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string {
  const configured = doc?.querySelector<HTMLMetaElement>('meta[name="video-embed-url"]')?.content;
  return configured && URL.canParse(configured) ? configured : DEFAULT_EMBED_URL;
}

/**
 * The player's address: French captions on by default, its interface in the reader's language, its messages on
 * (for this page's origin), and starting where the learner stopped.
 */
export function embedUrl(base: string, videoId: string, options: { language: string; origin: string; start?: number }): string {
  const params = new URLSearchParams({ enablejsapi: '1', cc_load_policy: '1', cc_lang_pref: 'fr', hl: options.language.startsWith('fr') ? 'fr' : 'en', origin: options.origin });
  if (options.start && options.start > 0) params.set('start', String(Math.floor(options.start)));
  return `${base}${encodeURIComponent(videoId)}?${params}`;
}

/** A lesson's duration as the course gives it (`m:ss`, `mmm:ss`) in seconds; null when it has none. */
export function durationSeconds(duration: string | null | undefined): number | null {
  const match = duration ? /^(\d{1,3}):([0-5]\d)$/.exec(duration) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** m:ss of a number of seconds. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** Where the player starts: where the learner stopped, or the beginning when they had (nearly) reached the end. */
export function resumeAt(watched: number, duration: number | null): number {
  if (watched <= 0) return 0;
  if (duration !== null && watched >= duration - 5) return 0;
  return watched;
}

/** The player's states, as the video site numbers them. */
export const PLAYER_STATE = { ended: 0, playing: 1, paused: 2, buffering: 3, cued: 5 } as const;

/** What a message of the player says, when it is one of the video site's; null otherwise. */
export function readPlayerMessage(data: unknown): { event: string; currentTime?: number; playerState?: number } | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const { event, info } = value as { event?: unknown; info?: unknown };
  if (typeof event !== 'string') return null;
  if (event === 'onStateChange') return typeof info === 'number' ? { event, playerState: info } : { event };
  if ((event === 'infoDelivery' || event === 'initialDelivery') && info && typeof info === 'object') {
    const { currentTime, playerState } = info as { currentTime?: unknown; playerState?: unknown };
    return {
      event,
      ...(typeof currentTime === 'number' && Number.isFinite(currentTime) ? { currentTime } : {}),
      ...(typeof playerState === 'number' ? { playerState } : {}),
    };
  }
  return { event };
}

/**
 * Counts the seconds of video played, from the player's reports: while it plays, each step forward of its position
 * counts, as long as it is no longer than the time that passed (at up to twice the speed, and a second of slack
 * between reports); a jump (a seek forward) or a step back counts nothing. Starts from what the server already
 * holds, so a resumed lesson goes on from there.
 */
export class WatchCounter {
  private position: number | null = null;
  private at: number | null = null;
  private playing = false;
  private total: number;

  constructor(start: number) {
    this.total = start;
  }

  /** The seconds watched so far, whole. */
  get seconds(): number {
    return Math.floor(this.total);
  }

  get isPlaying(): boolean {
    return this.playing;
  }

  /** A report of the player: its state, its position, or both; `now` in milliseconds. */
  report({ currentTime, playerState }: { currentTime?: number; playerState?: number }, now: number) {
    if (currentTime !== undefined) {
      if (this.playing && this.position !== null && this.at !== null) {
        const step = currentTime - this.position;
        const elapsed = Math.max(0, (now - this.at) / 1000);
        if (step > 0 && step <= elapsed * 2 + 1) this.total += step;
      }
      this.position = currentTime;
      this.at = now;
    }
    if (playerState !== undefined) {
      // The time that counts starts again at each change: a seek while paused is not played time.
      this.playing = playerState === PLAYER_STATE.playing;
      this.at = now;
    }
  }

  /** Without the player's messages: a second of the lesson on screen with the video started. */
  tick(seconds = 1) {
    this.total += seconds;
  }
}
