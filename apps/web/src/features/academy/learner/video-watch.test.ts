import { describe, expect, it } from 'vitest';
import { clock, DEFAULT_EMBED_URL, durationSeconds, embedBase, embedUrl, PLAYER_STATE, readPlayerMessage, resumeAt, WatchCounter } from './video-watch';

describe('the video player’s address', () => {
  it('comes from the page’s meta tag when the server names one, else from the video site', () => {
    const doc = document.implementation.createHTMLDocument('');
    expect(embedBase(doc)).toBe(DEFAULT_EMBED_URL);
    const meta = doc.createElement('meta');
    meta.name = 'video-embed-url';
    meta.content = 'https://video.test/embed/';
    doc.head.append(meta);
    expect(embedBase(doc)).toBe('https://video.test/embed/');
    meta.content = 'not a url';
    expect(embedBase(doc)).toBe(DEFAULT_EMBED_URL);
  });

  it('turns the player’s messages on for this origin, in the reader’s language, from where the learner stopped', () => {
    const url = new URL(embedUrl('https://video.test/embed/', 'ab_c-1', { language: 'fr-CA', origin: 'https://shop.test', start: 42.7 }));
    expect(url.origin + url.pathname).toBe('https://video.test/embed/ab_c-1');
    expect(Object.fromEntries(url.searchParams)).toEqual({ enablejsapi: '1', cc_load_policy: '1', cc_lang_pref: 'fr', hl: 'fr', origin: 'https://shop.test', start: '42' });
    expect(new URL(embedUrl(DEFAULT_EMBED_URL, 'x', { language: 'en', origin: 'https://shop.test' })).searchParams.has('start')).toBe(false);
  });

  it('reads durations and resumes where the learner stopped, from the start once they had reached the end', () => {
    expect(durationSeconds('2:10')).toBe(130);
    expect(durationSeconds('120:05')).toBe(7205);
    expect(durationSeconds('0:75')).toBeNull();
    expect(durationSeconds(null)).toBeNull();
    expect(clock(65)).toBe('1:05');
    expect(resumeAt(0, 130)).toBe(0);
    expect(resumeAt(40, 130)).toBe(40);
    expect(resumeAt(128, 130)).toBe(0);
    expect(resumeAt(40, null)).toBe(40);
  });
});

describe('the player’s messages', () => {
  it('reads the video site’s messages, as JSON text or objects, and nothing else', () => {
    expect(readPlayerMessage('{"event":"infoDelivery","info":{"currentTime":12.5,"playerState":1},"id":"l","channel":"widget"}')).toEqual({ event: 'infoDelivery', currentTime: 12.5, playerState: 1 });
    expect(readPlayerMessage({ event: 'onStateChange', info: 2 })).toEqual({ event: 'onStateChange', playerState: 2 });
    expect(readPlayerMessage('{"event":"onReady"}')).toEqual({ event: 'onReady' });
    expect(readPlayerMessage({ event: 'infoDelivery', info: { currentTime: 'soon' } })).toEqual({ event: 'infoDelivery' });
    expect(readPlayerMessage('not json')).toBeNull();
    expect(readPlayerMessage({ type: 'other' })).toBeNull();
    expect(readPlayerMessage(7)).toBeNull();
  });
});

describe('counting the time watched', () => {
  it('counts the position’s steps while the video plays, from what the server held', () => {
    const c = new WatchCounter(30);
    c.report({ currentTime: 30, playerState: PLAYER_STATE.playing }, 0);
    c.report({ currentTime: 31 }, 1000);
    c.report({ currentTime: 35 }, 5000);
    expect(c.seconds).toBe(35);
    expect(c.isPlaying).toBe(true);
  });

  it('counts nothing while paused, for a seek forward, or for a step back', () => {
    const c = new WatchCounter(0);
    c.report({ currentTime: 0, playerState: PLAYER_STATE.playing }, 0);
    c.report({ currentTime: 4 }, 4000);
    // A seek to 60 s in a second: not watched.
    c.report({ currentTime: 60 }, 5000);
    expect(c.seconds).toBe(4);
    // Back to 10 s, then 2 s played.
    c.report({ currentTime: 10 }, 6000);
    c.report({ currentTime: 12 }, 8000);
    expect(c.seconds).toBe(6);
    // Paused for a minute, then moved on while paused: nothing counts.
    c.report({ playerState: PLAYER_STATE.paused }, 8000);
    c.report({ currentTime: 50 }, 68_000);
    c.report({ playerState: PLAYER_STATE.playing }, 70_000);
    c.report({ currentTime: 90 }, 70_500);
    expect(c.seconds).toBe(6);
    c.report({ currentTime: 91 }, 71_500);
    expect(c.seconds).toBe(7);
  });

  it('counts played time at up to twice the speed, and seconds on screen without the player’s messages', () => {
    const c = new WatchCounter(0);
    c.report({ currentTime: 0, playerState: PLAYER_STATE.playing }, 0);
    c.report({ currentTime: 20 }, 10_000);
    expect(c.seconds).toBe(20);
    c.tick();
    c.tick(2);
    expect(c.seconds).toBe(23);
  });
});
