/**
 * Text-to-speech of the viewer's words on the alerts overlay: its settings (kept), the system voice
 * it uses and the voices to choose from, and whether this machine has a voice at all.
 */
import { z } from 'zod';

/** A voice's id as the engine names it ("en-us", "Samantha", "Microsoft Zira Desktop"). */
export const voiceIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N} ()._+-]+$/u, 'A voice is named by letters, digits, spaces and ( ) . _ + -.');

export const speechSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** null: the engine's default voice. */
    voice: voiceIdSchema.nullable(),
    /** Words per minute. */
    rate: z.number().int().min(80, 'Speak at least 80 words a minute.').max(400, 'Speak at most 400 words a minute.'),
    /** 0..1, on the overlay page (so OBS hears it as loud as this). */
    volume: z.number().min(0).max(1),
    /** At most this many characters of a message are read. */
    maxLength: z.number().int().min(10, 'Read at least 10 characters.').max(500, 'Read at most 500 characters.'),
    /** A cheer's message is read from this many bits (0: every cheer). */
    cheerMinimumBits: z.number().int().min(0).max(1_000_000),
    /** What is read: a cheer's message, a resubscription's message. */
    cheers: z.boolean(),
    subscriptions: z.boolean(),
    /** The rewards whose redemption's input is read. */
    rewardIds: z.array(z.string().min(1).max(100)).max(100),
  })
  .strict();
export type SpeechSettings = z.infer<typeof speechSettingsSchema>;

export const defaultSpeechSettings: SpeechSettings = {
  enabled: false,
  voice: null,
  rate: 175,
  volume: 0.8,
  maxLength: 200,
  cheerMinimumBits: 100,
  cheers: true,
  subscriptions: true,
  rewardIds: [],
};

export const speechVoiceSchema = z.object({ id: voiceIdSchema, name: z.string() });
export type SpeechVoice = z.infer<typeof speechVoiceSchema>;

export const speechStateSchema = z.object({
  settings: speechSettingsSchema,
  /** The system's voice: `espeak-ng`, `say`, `sapi`; null while not looked at yet. */
  engine: z.string().nullable(),
  /** The voices to choose from (empty without a voice). */
  voices: z.array(speechVoiceSchema),
  /** Why nothing is spoken on this machine, in words; null when a voice is there. */
  unavailable: z.string().nullable(),
  /** An alert's words are being spoken on the alerts pages now. */
  speaking: z.boolean(),
  /** What is being said (after the links, blocked terms and spam were taken out); null when nothing. */
  saying: z.string().nullable(),
});
export type SpeechState = z.infer<typeof speechStateSchema>;

export const setSpeechArgSchema = speechSettingsSchema.partial().strict();
