import * as ids from '../../ids';

export type ClientType = 'confidential' | 'public';

export interface Client {
  clientId: string;
  /** Null for public clients: they have no secret. */
  clientSecret: string | null;
  name: string;
  redirectUris: string[];
  type: ClientType;
  /** Every client can also act as an extension; base64. */
  extensionSecret: string;
  createdAt: number;
}

export interface NewClient {
  name: string;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  type?: ClientType;
  extensionSecret?: string;
}

export class ClientStore {
  private readonly byId = new Map<string, Client>();

  create(input: NewClient, now: number): Client {
    const type = input.type ?? 'confidential';
    const clientId = ids.claimId(input.clientId, ids.clientId, this.byId, 'client');
    const client: Client = {
      clientId,
      clientSecret: type === 'public' ? null : (input.clientSecret ?? ids.clientSecret()),
      name: input.name,
      redirectUris: [...input.redirectUris],
      type,
      extensionSecret: input.extensionSecret ?? ids.extensionSecret(),
      createdAt: now,
    };
    this.byId.set(clientId, client);
    return client;
  }

  get(clientId: string): Client | undefined {
    return this.byId.get(clientId);
  }

  has(clientId: string): boolean {
    return this.byId.has(clientId);
  }

  list(): Client[] {
    return [...this.byId.values()];
  }
}
