import type { PostChanged } from './catalog.events';

export interface PostState {
  exists: boolean;
  name: string;
  html: string;
}

export type ChangePost = { type: 'ChangePost'; data: { slug: string; categoryId: number; name: string; html: string } };

export const postDecider = {
  initialState(): PostState {
    return { exists: false, name: '', html: '' };
  },
  evolve(_state: PostState, event: PostChanged): PostState {
    return { exists: true, name: event.data.name, html: event.data.html };
  },
  decide(command: ChangePost, state: PostState): PostChanged[] {
    if (state.exists && state.name === command.data.name && state.html === command.data.html) return [];
    return [{ type: 'PostChanged', data: { ...command.data } }];
  },
};
