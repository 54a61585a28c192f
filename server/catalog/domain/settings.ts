import type { SettingsChanged } from './catalog.events';

export interface SettingsState {
  exists: boolean;
  settings: Record<string, string | number>;
}

export type ChangeSettings = { type: 'ChangeSettings'; data: Record<string, string | number> };

export const settingsDecider = {
  initialState(): SettingsState {
    return { exists: false, settings: {} };
  },

  evolve(_state: SettingsState, event: SettingsChanged): SettingsState {
    return { exists: true, settings: event.data.settings };
  },

  /** The new values merged over the current ones; nothing recorded when nothing differs. */
  decide(command: ChangeSettings, state: SettingsState): SettingsChanged[] {
    const settings = { ...state.settings, ...command.data };
    const changed = Object.keys(command.data).filter((key) => state.settings[key] !== command.data[key]);
    if (state.exists && changed.length === 0) return [];
    return [{ type: 'SettingsChanged', data: { settings, changed } }];
  },
};
