import type { Page } from '@playwright/test';

/**
 * Where the journeys' servers take video lessons' players from (VIDEO_EMBED_URL in playwright.config.ts): a host
 * nothing answers for, so a journey either stands a test page in for the video site there or goes without.
 */
export const TEST_VIDEO_EMBED_URL = 'https://video.e2e.test/embed/';

/** The video site is out of reach here: the player's page must work without it. */
export const withoutVideoSite = (page: Page) => page.route(/youtube(-nocookie)?\.com|video\.e2e\.test/, (route) => route.abort());

/**
 * A test page standing in for the video site's player: it speaks the same iframe messages (it answers the page's
 * `{"event":"listening"}` with `initialDelivery` and `onReady`, then sends `infoDelivery` with `currentTime` and
 * `playerState` four times a second while it plays, and `onStateChange`), starts at `start`, and "plays" at `rate`
 * seconds of video a second (1: real time) for `duration` seconds. Its Play and Pause buttons are the video's.
 */
function testPlayer(duration: number, rate: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test video</title>
<style>body{margin:0;font:16px system-ui;background:#111;color:#fff;display:grid;place-items:center;height:100vh}button{font:inherit;padding:.4rem 1rem;margin:0 .25rem}</style>
</head><body>
<div><p id="time" aria-live="off">0:00</p><button id="play" type="button">Play</button><button id="pause" type="button">Pause</button></div>
<script>
const params = new URLSearchParams(location.search);
const DURATION = ${duration}, RATE = ${rate};
let time = Math.min(Number(params.get('start') || 0), DURATION), state = -1, parent = null, origin = '*', id = null, timer = null;
const show = () => { document.getElementById('time').textContent = Math.floor(time / 60) + ':' + String(Math.floor(time % 60)).padStart(2, '0'); };
const send = (message) => parent && parent.postMessage(JSON.stringify({ ...message, id, channel: 'widget' }), origin);
const info = () => send({ event: 'infoDelivery', info: { currentTime: time, playerState: state, duration: DURATION } });
const setState = (next) => { state = next; send({ event: 'onStateChange', info: next }); info(); };
window.addEventListener('message', (event) => {
  let data; try { data = JSON.parse(event.data); } catch { return; }
  if (data.event !== 'listening' || parent) return;
  parent = event.source; origin = event.origin; id = data.id;
  send({ event: 'initialDelivery', info: { currentTime: time, playerState: state, duration: DURATION } });
  send({ event: 'onReady' });
});
document.getElementById('play').onclick = () => {
  if (state === 1) return;
  if (time >= DURATION) time = 0;
  setState(1);
  timer = setInterval(() => {
    time = Math.min(DURATION, time + 0.25 * RATE);
    show();
    if (time >= DURATION) { clearInterval(timer); setState(0); } else info();
  }, 250);
};
document.getElementById('pause').onclick = () => { if (state !== 1) return; clearInterval(timer); setState(2); };
show();
</script></body></html>`;
}

/** Stands the test player in for the video site on this page: every video lasts `duration` seconds. */
export const withTestVideoSite = (page: Page, { duration = 10, rate = 1 }: { duration?: number; rate?: number } = {}) =>
  page.route(`${TEST_VIDEO_EMBED_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: testPlayer(duration, rate) }));
