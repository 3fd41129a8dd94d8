import { newestFirst } from './newest-first';

/** A channel editor (spec part 2): may update the channel, mark its streams and manage its videos. */
export interface Editor {
  broadcasterId: string;
  userId: string;
  createdAt: number;
}

export class EditorStore {
  private readonly editors: Editor[] = [];

  isEditor(broadcasterId: string, userId: string): boolean {
    return this.editors.some((e) => e.broadcasterId === broadcasterId && e.userId === userId);
  }

  /** The broadcaster or one of their editors. */
  canEdit(broadcasterId: string, userId: string): boolean {
    return broadcasterId === userId || this.isEditor(broadcasterId, userId);
  }

  /** Null when the user already is an editor. */
  add(broadcasterId: string, userId: string, createdAt: number): Editor | null {
    if (this.isEditor(broadcasterId, userId)) return null;
    const editor: Editor = { broadcasterId, userId, createdAt };
    this.editors.push(editor);
    return editor;
  }

  remove(broadcasterId: string, userId: string): Editor | null {
    const index = this.editors.findIndex((e) => e.broadcasterId === broadcasterId && e.userId === userId);
    if (index < 0) return null;
    return this.editors.splice(index, 1)[0] ?? null;
  }

  /** Newest first. */
  list(broadcasterId: string): Editor[] {
    return newestFirst(
      this.editors.filter((e) => e.broadcasterId === broadcasterId),
      (e) => e.createdAt,
    );
  }
}
