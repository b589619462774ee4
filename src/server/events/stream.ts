import { PassThrough } from 'node:stream';
import type { EventBus, BusEvent } from './bus.ts';
import { missedEvents, presenterOf, unreadEvent, type StreamReader } from './presenters.ts';
import { PING_FRAME, RETRY_FRAME, formatEvent, type SseEvent } from './sse.ts';

/** A reader that stopped reading: past this much unsent text the stream ends (EventSource reconnects). */
const MAX_BUFFERED_BYTES = 256 * 1024;

export interface EventStreamOptions extends StreamReader {
  bus: EventBus;
  /** A reconnecting client's `Last-Event-ID`: what it missed is sent first. */
  lastEventId?: string;
  heartbeatMs: number;
  /** Checked with each heartbeat: a signed-out or revoked session's stream ends. */
  sessionEnded(): Promise<boolean>;
  onError(error: unknown): void;
  /** Called once, when the stream ends for any reason. */
  onClose(): void;
}

/**
 * One open `/users/{uid}/events/` stream: `retry`, what a reconnecting client missed, the unread count,
 * then each of the user's events in order (loaded and rendered one at a time), and a heartbeat comment.
 */
export class EventStream {
  readonly body = new PassThrough();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: EventStreamOptions) {
    // Subscribe before counting, so nothing committed in between is missed.
    this.unsubscribe = options.bus.subscribe(options.userId, (event) => this.enqueue(() => this.present(event)));
    this.write(RETRY_FRAME);
    const { lastEventId } = options;
    if (lastEventId) this.enqueue(async () => (await missedEvents(options, lastEventId)).map(formatEvent).join('') || null);
    this.enqueue(() => unreadEvent(options));
    this.heartbeat = setInterval(() => this.enqueue(() => this.ping()), options.heartbeatMs);
    this.body.on('close', () => this.close());
  }

  /** Ends the stream (client gone, app closing, session ended), after `lastFrame` when given; idempotent. */
  close(lastFrame?: string): void {
    if (this.closed) return;
    if (lastFrame) this.write(lastFrame);
    this.closed = true;
    clearInterval(this.heartbeat);
    this.unsubscribe();
    this.body.end();
    this.options.onClose();
  }

  private enqueue(produce: () => Promise<SseEvent | string | null>): void {
    this.queue = this.queue
      .then(async () => {
        if (this.closed) return;
        const frame = await produce();
        if (frame !== null) this.write(typeof frame === 'string' ? frame : formatEvent(frame));
      })
      .catch((error: unknown) => this.options.onError(error));
  }

  private present(event: BusEvent): Promise<SseEvent | null> {
    const presenter = presenterOf(event.type);
    return presenter ? presenter(event, this.options) : Promise.resolve(null);
  }

  private async ping(): Promise<string | null> {
    if (await this.options.sessionEnded()) {
      this.close();
      return null;
    }
    return PING_FRAME;
  }

  private write(text: string): void {
    if (this.closed) return;
    if (this.body.writableLength > MAX_BUFFERED_BYTES) return this.close();
    this.body.write(text);
  }
}
