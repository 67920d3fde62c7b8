import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2Icon, PlayCircleIcon } from 'lucide-react';
import { clock, durationSeconds, embedBase, embedUrl, PLAYER_STATE, readPlayerMessage, resumeAt, WatchCounter } from './video-watch';

type Props = {
  lessonId: string;
  videoId: string;
  title: string;
  /** The lesson's duration as the course gives it (`m:ss`). */
  duration: string | null;
  /** The seconds the server holds as watched. */
  watched: number;
  /** Whether the server counts the lesson. */
  counted: boolean;
  /** Sends the seconds watched so far (only ever more than the last sent). */
  report: (watchedSeconds: number) => void;
};

/** How often the watched time is sent while the video plays. */
const REPORT_EVERY_MS = 10_000;

/**
 * A video lesson: the player, and the time watched sent to the server every 10 s while it plays, on pause, at the
 * end and when the learner leaves. The time comes from the player's messages; a player that sends none (another
 * site's, or one that failed to load) is timed instead while the lesson is on screen once the learner started it
 * (the focus went into the player). Whether the lesson counts is the server's answer, shown under the player.
 */
export function VideoLesson({ lessonId, videoId, title, duration, watched, counted, report }: Props) {
  const { t, i18n } = useTranslation('lms');
  const frame = useRef<HTMLIFrameElement>(null);
  const total = durationSeconds(duration);
  // Fixed when the lesson opens: the player starts where the learner stopped.
  const [start] = useState(() => resumeAt(watched, total));
  const [base] = useState(() => embedBase());
  const src = embedUrl(base, videoId, { language: i18n.language, origin: typeof window === 'undefined' ? '' : window.location.origin, start });
  const latest = useRef({ report, watched });
  useEffect(() => {
    latest.current = { report, watched };
  });

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    const target = new URL(src).origin;
    const counter = new WatchCounter(latest.current.watched);
    let sent = latest.current.watched;
    let answered = false;
    let started = false;
    const flush = () => {
      const seconds = total === null ? counter.seconds : Math.min(counter.seconds, total);
      if (seconds <= sent) return;
      sent = seconds;
      latest.current.report(seconds);
    };
    const post = (message: object) => iframe.contentWindow?.postMessage(JSON.stringify({ ...message, id: lessonId, channel: 'widget' }), target);
    const listen = () => {
      post({ event: 'listening' });
      post({ event: 'command', func: 'addEventListener', args: ['onStateChange'] });
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || event.origin !== target) return;
      const message = readPlayerMessage(event.data);
      if (!message) return;
      answered = true;
      counter.report(message, Date.now());
      if (message.playerState === PLAYER_STATE.paused || message.playerState === PLAYER_STATE.ended) flush();
    };
    // The player may load after this page: it is told again that the page listens until it answers.
    const hello = window.setInterval(() => (answered ? window.clearInterval(hello) : listen()), 500);
    // Without the player's messages: a click into the player starts the lesson's clock.
    const onBlur = () => {
      if (document.activeElement === iframe) started = true;
    };
    const clockTick = window.setInterval(() => {
      if (!answered && started && document.visibilityState === 'visible') counter.tick();
    }, 1000);
    const every = window.setInterval(flush, REPORT_EVERY_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    iframe.addEventListener('load', listen);
    window.addEventListener('message', onMessage);
    window.addEventListener('blur', onBlur);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      flush();
      window.clearInterval(hello);
      window.clearInterval(clockTick);
      window.clearInterval(every);
      iframe.removeEventListener('load', listen);
      window.removeEventListener('message', onMessage);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [src, lessonId, total]);

  return (
    <div className="grid gap-3">
      <div className="overflow-hidden rounded-xl bg-black">
        <iframe
          ref={frame}
          src={src}
          title={t('player.videoTitle', { title })}
          className="aspect-video w-full"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
      <p role="status" className="flex items-start gap-2 text-sm">
        {counted ? (
          <>
            <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span>{t('player.videoCounted')}</span>
          </>
        ) : (
          <>
            <PlayCircleIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>
              {t('player.watchToComplete')}{' '}
              {total !== null ? <span className="text-muted-foreground tabular-nums">{t('player.watchedOf', { watched: clock(Math.min(watched, total)), duration: clock(total) })}</span> : null}
            </span>
          </>
        )}
      </p>
    </div>
  );
}
