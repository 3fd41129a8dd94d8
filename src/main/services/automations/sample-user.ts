/** A sample viewer of a Test: nothing real is shouted out, fulfilled, cancelled, moderated or replied to. */
export const sampleUserId = 'sample-viewer';
