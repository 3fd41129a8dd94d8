import type { EmulatorState } from '../domain/emulator-state';

declare module 'fastify' {
  interface FastifyInstance {
    /** The emulator's state, decorated onto the app so route modules need only `app`. */
    emulatorState: EmulatorState;
  }
}

export {};
