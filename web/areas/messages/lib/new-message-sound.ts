import { MESSAGE_SOUND_VOLUME } from '@common/messages/sound';

/** The chime (web/public/sounds, made by scripts/make-message-chime.mjs). */
export const NEW_MESSAGE_SOUND_URL = '/sounds/new-message.wav';

let audio: HTMLAudioElement | null = null;

/**
 * Plays the new-message chime at volume 0.3. A browser that refuses sound before the person has
 * interacted with the page (autoplay rules) stays silent; nothing else happens.
 */
export function playNewMessageSound() {
  if (typeof Audio === 'undefined') return;
  audio ??= new Audio(NEW_MESSAGE_SOUND_URL);
  audio.volume = MESSAGE_SOUND_VOLUME;
  audio.currentTime = 0;
  void audio.play().catch(() => undefined);
}
