/** The new-message sound's volume (0 to 1); Settings can switch the sound off. Apart from the
 * messages model so the live updates' chunk does not carry all of it. */
export const MESSAGE_SOUND_VOLUME = 0.3;
