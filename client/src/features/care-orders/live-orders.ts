import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLatestOrders } from './api/get-latest-version';

/**
 * Care's "new orders" mark (issue 31): the placing time of the newest order this browser's agent has seen. An
 * order placed after it is new: the menu shows a badge, the list marks its row, and (when asked) a sound plays.
 * Kept in localStorage so a reload does not make old orders new again; the first poll ever sets it.
 */
const SEEN_KEY = 'tb-care-orders-seen';
const SOUND_KEY = 'tb-care-orders-sound';
const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // a private window without storage: the mark lives as long as the page
  }
  memory.set(key, value);
  for (const listener of listeners) listener();
}

const memory = new Map<string, string>();
const value = (key: string) => memory.get(key) ?? read(key);
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function markOrdersSeen(placedAt: string | null | undefined): void {
  if (placedAt) write(SEEN_KEY, placedAt);
}

export function setOrderSound(on: boolean): void {
  write(SOUND_KEY, on ? 'on' : 'off');
}

export function useOrderSound(): boolean {
  return useSyncExternalStore(subscribe, () => value(SOUND_KEY) === 'on', () => false);
}

/** Whether an order placed at `placedAt` is newer than the agent's mark. */
export function isNewOrder(placedAt: string, seenAt: string | null): boolean {
  return seenAt !== null && new Date(placedAt).getTime() > new Date(seenAt).getTime();
}

/**
 * The live state of the order list: the latest version (it changes when an order is placed or changed), the
 * agent's mark, and whether a newer order came. Plays the sound once per newer order when it is on.
 */
export function useLiveOrders() {
  const latest = useLatestOrders();
  const seenAt = useSyncExternalStore(subscribe, () => value(SEEN_KEY), () => null);
  const sound = useOrderSound();
  const newest = latest.data?.latest_placed_at ?? null;
  const heard = useRef<string | null>(null);
  const answered = latest.data !== undefined;
  useEffect(() => {
    if (!answered) return;
    // The first answer ever sets the mark: what is already there is not new (a shop with no order yet: any is).
    if (seenAt === null) markOrdersSeen(newest ?? new Date(0).toISOString());
    else if (newest && sound && isNewOrder(newest, seenAt) && heard.current !== newest) beep();
    heard.current = newest;
  }, [answered, newest, seenAt, sound]);
  return { version: latest.data?.version ?? null, newest, seenAt, hasNew: newest !== null && isNewOrder(newest, seenAt) };
}

/** A short two-tone chime through Web Audio (no sound file to download); silent where audio is not allowed yet. */
function beep(): void {
  try {
    const AudioContextClass = window.AudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.gain.value = 0.15;
    gain.connect(context.destination);
    [880, 1320].forEach((frequency, index) => {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(context.currentTime + index * 0.18);
      tone.stop(context.currentTime + index * 0.18 + 0.15);
    });
    setTimeout(() => void context.close(), 1_000);
  } catch {
    // no audio: the badge still tells
  }
}
