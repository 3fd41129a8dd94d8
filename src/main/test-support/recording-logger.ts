/** A `Logger` that keeps every line, for tests that check what was said (and that no secret was). */
import type { Logger } from '../services/logger';

export interface LoggedLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

export function recordingLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at = (level: LoggedLine['level']) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, ...(fields ? { fields } : {}) });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
