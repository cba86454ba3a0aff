'use client';

import { useEffect } from 'react';
import { graphql } from '../gql/index.ts';
import { useQuery } from '@apollo/client/react';
import { THEME_STORAGE_KEY } from '../../lib/web/theme-script.ts';

export const ME_THEME = graphql(`
  query MeTheme {
    me {
      id
      uiTheme
    }
  }
`);

/** Applies the profile's uiTheme (light, dark, or the system's) to the page, and keeps it for the next first paint. */
export function ThemeFromProfile() {
  const { data } = useQuery(ME_THEME);
  const theme = data?.me.uiTheme;
  useEffect(() => {
    if (!theme) return;
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    try {
      if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // No storage: the next page paints in the system's theme first, as before.
    }
  }, [theme]);
  return null;
}
