import { beforeEach, describe, expect, it } from 'vitest';
import { call, type CallOptions } from '../../test-support/emulator-test-client';
import { badRequest, useDemoEmulator } from '../../test-support/demo-emulator';
import { v5Headers } from '../../test-support/v5-test-helpers';

const demo = useDemoEmulator();
let ownerToken: string;
let viewerToken: string;

const PIXELPAL = '612345001';
const v5UserShape = (id: string, name: string) => expect.objectContaining({ _id: id, name, type: 'user', logo: expect.any(String) });

const feed = (path: string, options: CallOptions & { token?: string } = {}) => demo.kraken(`/feed/${demo.broadcasterId}${path}`, options);

beforeEach(async () => {
  ownerToken = await demo.mint(demo.broadcasterId, ['channel_feed_edit']);
  viewerToken = await demo.mint(PIXELPAL, ['channel_feed_edit']);
});

describe('GET /kraken/feed/<channel_id>/posts', () => {
  it('lists posts newest first with comments, reactions and emotes', async () => {
    const res = await feed('/posts');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ _cursor: '', _topic: `feeds.channel.${demo.broadcasterId}`, _disabled: false });
    expect(res.json.posts.map((p: { body: string }) => p.body)).toEqual([
      'Thanks for 1000 followers! PogChamp',
      'Going live at 18:00 UTC: building the redemption queue Kappa',
    ]);
    const older = res.json.posts[1];
    expect(older).toEqual({
      id: expect.any(String),
      body: 'Going live at 18:00 UTC: building the redemption queue Kappa',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      deleted: false,
      embeds: [],
      emotes: [{ start: 55, end: 59, id: 25, set: 0 }],
      permissions: { can_delete: false, can_moderate: false, can_reply: false },
      reactions: {
        endorse: { count: 2, emote: 'endorse', user_ids: [] },
        '25': { count: 1, emote: '25', user_ids: [] },
      },
      comments: {
        _cursor: '',
        _total: 1,
        comments: [
          {
            id: expect.any(String),
            body: 'See you there! PogChamp',
            created_at: expect.any(String),
            deleted: false,
            emotes: [{ start: 15, end: 22, id: 305954156, set: 0 }],
            permissions: { can_delete: false },
            reactions: {},
            user: v5UserShape(PIXELPAL, 'pixelpal'),
          },
        ],
      },
      user: v5UserShape(demo.broadcasterId, 'sidestage_demo'),
    });
  });

  it('adds the caller: their reactions’ user_ids and permissions', async () => {
    const asViewer = (await feed('/posts', { token: await demo.mint(PIXELPAL, ['user_read']) })).json.posts[1];
    expect(asViewer.reactions.endorse.user_ids).toEqual([PIXELPAL]);
    expect(asViewer.reactions['25'].user_ids).toEqual([]);
    expect(asViewer.permissions).toEqual({ can_delete: false, can_moderate: false, can_reply: true });
    expect(asViewer.comments.comments[0].permissions).toEqual({ can_delete: true });
    const asOwner = (await feed('/posts', { token: ownerToken })).json.posts[1];
    expect(asOwner.permissions).toEqual({ can_delete: true, can_moderate: true, can_reply: true });
    expect(asOwner.comments.comments[0].permissions).toEqual({ can_delete: true });
  });

  it('pages with limit (1-100, default 10) and cursor, and takes comments 0-5', async () => {
    for (let i = 0; i < 10; i++) await feed('/posts', { method: 'POST', json: { content: `post ${i}` }, token: ownerToken });
    const first = await feed('/posts');
    expect(first.json.posts).toHaveLength(10);
    expect(first.json._cursor).toBe('MTA=');
    const rest = await feed(`/posts?limit=5&cursor=${first.json._cursor}`);
    expect(rest.json.posts).toHaveLength(2);
    expect(rest.json._cursor).toBe('');
    expect((await feed('/posts?limit=101')).json).toEqual(badRequest('Invalid parameter "limit": must be at most 100'));
    expect((await feed('/posts?limit=0')).status).toBe(400);
    const none = await feed('/posts?limit=12&comments=0');
    expect(none.json.posts[11].comments).toEqual({ _cursor: 'MA==', _total: 1, comments: [] });
    expect((await feed('/posts?comments=6')).json).toEqual(badRequest('Invalid parameter "comments": must be at most 5'));
  });

  it('shows at most 5 comments, newest first', async () => {
    const post = (await feed('/posts')).json.posts[0];
    for (let i = 0; i < 6; i++) {
      await demo.simulate(`/feed/${demo.broadcasterId}/posts/${post.id}/comments`, { user_id: '612345002', body: `c${i}` });
    }
    const comments = (await feed(`/posts/${post.id}`)).json.comments;
    expect(comments._total).toBe(6);
    expect(comments._cursor).toBe('NQ==');
    expect(comments.comments.map((c: { body: string }) => c.body)).toEqual(['c5', 'c4', 'c3', 'c2', 'c1']);
    expect((await feed(`/posts/${post.id}?comments=2`)).json.comments.comments).toHaveLength(2);
  });

  it('answers an unknown channel with 404 and a bad one with 400', async () => {
    expect((await call(`${demo.url}/kraken/feed/999999999/posts`, { headers: v5Headers(demo.clientId) })).status).toBe(404);
    expect((await call(`${demo.url}/kraken/feed/sidestage_demo/posts`, { headers: v5Headers(demo.clientId) })).json).toEqual(
      badRequest('Invalid parameter "channel_id": must be a numeric channel ID'),
    );
  });
});

describe('GET /kraken/feed/<channel_id>/posts/<post_id>', () => {
  it('answers the post, or 404', async () => {
    const listed = (await feed('/posts')).json.posts[1];
    expect((await feed(`/posts/${listed.id}`)).json).toEqual(listed);
    expect((await feed('/posts/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});

describe('POST /kraken/feed/<channel_id>/posts', () => {
  it('creates a post in the owner’s feed: post and tweet null', async () => {
    const res = await feed('/posts', { method: 'POST', json: { content: 'Hello HeyGuys world' }, token: ownerToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      post: expect.objectContaining({
        body: 'Hello HeyGuys world',
        deleted: false,
        emotes: [{ start: 6, end: 12, id: 30259, set: 0 }],
        reactions: {},
        comments: { _cursor: '', _total: 0, comments: [] },
        permissions: { can_delete: true, can_moderate: true, can_reply: true },
        user: v5UserShape(demo.broadcasterId, 'sidestage_demo'),
      }),
      tweet: null,
    });
    expect((await feed('/posts')).json.posts[0].id).toBe(res.json.post.id);
  });

  it('shares to no social feed: tweet stays null', async () => {
    const res = await feed('/posts?share=true', { method: 'POST', json: { content: 'shared' }, token: ownerToken });
    expect(res.json.tweet).toBeNull();
    expect((await feed('/posts?share=maybe', { method: 'POST', json: { content: 'x' }, token: ownerToken })).json).toEqual(
      badRequest('Invalid parameter "share": must be true or false'),
    );
  });

  it('takes a form body too', async () => {
    const res = await feed('/posts', { method: 'POST', form: { content: 'from a form' }, token: ownerToken });
    expect(res.json.post.body).toBe('from a form');
  });

  it('needs content, and the channel owner', async () => {
    expect((await feed('/posts', { method: 'POST', json: {}, token: ownerToken })).json).toEqual(badRequest('Missing required parameter "content"'));
    expect((await feed('/posts', { method: 'POST', json: { content: 5 }, token: ownerToken })).json).toEqual(badRequest('Invalid parameter "content": must be a string'));
    expect((await feed('/posts', { method: 'POST', json: { content: '   ' }, token: ownerToken })).status).toBe(400);
    const res = await feed('/posts', { method: 'POST', json: { content: 'not mine' }, token: viewerToken });
    expect(res.json).toEqual({ error: 'Forbidden', status: 403, message: 'Only the channel owner may post to the channel feed' });
  });
});

describe('DELETE /kraken/feed/<channel_id>/posts/<post_id>', () => {
  it('deletes the post: deleted true, empty body, other fields null', async () => {
    const id = (await feed('/posts')).json.posts[0].id;
    const res = await feed(`/posts/${id}`, { method: 'DELETE', token: ownerToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id,
      body: '',
      created_at: null,
      deleted: true,
      embeds: null,
      emotes: null,
      permissions: null,
      reactions: null,
      comments: null,
      user: null,
    });
    expect((await feed(`/posts/${id}`)).status).toBe(404);
    expect((await feed('/posts')).json.posts).toHaveLength(1);
    expect((await feed(`/posts/${id}`, { method: 'DELETE', token: ownerToken })).status).toBe(404);
  });

  it('is for the channel owner', async () => {
    const id = (await feed('/posts')).json.posts[0].id;
    expect((await feed(`/posts/${id}`, { method: 'DELETE', token: viewerToken })).status).toBe(403);
    expect((await feed(`/posts/${id}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('post reactions', () => {
  it('POST adds a reaction once, DELETE removes it', async () => {
    const id = (await feed('/posts')).json.posts[0].id;
    const res = await feed(`/posts/${id}/reactions?emote_id=endorse`, { method: 'POST', token: viewerToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: expect.any(String), created_at: expect.any(String), emote_id: 'endorse', user: v5UserShape(PIXELPAL, 'pixelpal') });
    const again = await feed(`/posts/${id}/reactions?emote_id=endorse`, { method: 'POST', token: viewerToken });
    expect(again.json.id).toBe(res.json.id);
    await feed(`/posts/${id}/reactions?emote_id=25`, { method: 'POST', token: ownerToken });

    const seen = (await feed(`/posts/${id}`, { token: viewerToken })).json.reactions;
    expect(seen).toEqual({ endorse: { count: 1, emote: 'endorse', user_ids: [PIXELPAL] }, '25': { count: 1, emote: '25', user_ids: [] } });

    const removed = await feed(`/posts/${id}/reactions?emote_id=endorse`, { method: 'DELETE', token: viewerToken });
    expect(removed.json).toEqual({ deleted: true });
    expect((await feed(`/posts/${id}`)).json.reactions).toEqual({ '25': { count: 1, emote: '25', user_ids: [] } });
    expect((await feed(`/posts/${id}/reactions?emote_id=endorse`, { method: 'DELETE', token: viewerToken })).status).toBe(404);
  });

  it('needs emote_id: an emote ID or endorse', async () => {
    const id = (await feed('/posts')).json.posts[0].id;
    expect((await feed(`/posts/${id}/reactions`, { method: 'POST', token: viewerToken })).json).toEqual(badRequest('Missing required parameter "emote_id"'));
    expect((await feed(`/posts/${id}/reactions?emote_id=Kappa`, { method: 'POST', token: viewerToken })).json).toEqual(
      badRequest('Invalid parameter "emote_id": must be an emote ID or "endorse"'),
    );
    expect((await feed('/posts/nope/reactions?emote_id=25', { method: 'POST', token: viewerToken })).status).toBe(404);
    expect((await feed(`/posts/${id}/reactions?emote_id=25`, { method: 'POST', token: await demo.mint(PIXELPAL, ['user_read']) })).status).toBe(401);
  });
});

describe('simulation: feed comments', () => {
  it('validates the post and the user', async () => {
    const id = (await feed('/posts')).json.posts[0].id;
    expect((await demo.simulate(`/feed/${demo.broadcasterId}/posts/nope/comments`, { user_id: PIXELPAL, body: 'x' })).status).toBe(404);
    expect((await demo.simulate(`/feed/${demo.broadcasterId}/posts/${id}/comments`, { user_id: 'ghost', body: 'x' })).status).toBe(400);
    expect((await demo.simulate(`/feed/${demo.broadcasterId}/posts/${id}/comments`, { user_id: PIXELPAL })).status).toBe(400);
  });
});
