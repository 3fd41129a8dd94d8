import * as ids from '../../ids';

export type BroadcasterType = 'partner' | 'affiliate' | '';
export type UserType = 'staff' | 'admin' | 'global_mod' | '';

export interface User {
  id: string;
  login: string;
  displayName: string;
  type: UserType;
  broadcasterType: BroadcasterType;
  description: string;
  profileImageUrl: string;
  offlineImageUrl: string;
  viewCount: number;
  email: string;
  createdAt: number;
}

export interface NewUser {
  login: string;
  id?: string;
  displayName?: string;
  broadcasterType?: BroadcasterType;
  description?: string;
  email?: string;
  createdAt?: number;
}

export class UserStore {
  private readonly byId = new Map<string, User>();
  private readonly idByLogin = new Map<string, string>();

  /** `baseUrl` is where the emulator serves the generated profile images. */
  create(input: NewUser, now: number, baseUrl: string): User {
    const login = input.login.toLowerCase();
    if (this.idByLogin.has(login)) throw new Error(`login ${login} is taken`);
    const id = ids.claimId(input.id, () => ids.numericId(9), this.byId, 'user');
    const user: User = {
      id,
      login,
      displayName: input.displayName ?? input.login,
      type: '',
      broadcasterType: input.broadcasterType ?? '',
      description: input.description ?? '',
      profileImageUrl: `${baseUrl}/static/profile-images/${id}-profile_image-300x300.svg`,
      offlineImageUrl: '',
      viewCount: 0,
      email: input.email ?? `${login}@example.com`,
      createdAt: input.createdAt ?? now,
    };
    this.byId.set(id, user);
    this.idByLogin.set(login, id);
    return user;
  }

  get(id: string): User | undefined {
    return this.byId.get(id);
  }

  byLogin(login: string): User | undefined {
    const id = this.idByLogin.get(login.toLowerCase());
    return id === undefined ? undefined : this.byId.get(id);
  }

  isLoginTaken(login: string): boolean {
    return this.idByLogin.has(login.toLowerCase());
  }

  /** In creation order. */
  list(): User[] {
    return [...this.byId.values()];
  }
}
