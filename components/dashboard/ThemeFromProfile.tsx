'use client';

import { useEffect } from 'react';
import { graphql } from '../gql/index.ts';
import { useQuery } from '@apollo/client/react';

export const ME_THEME = graphql(`
  query MeTheme {
    me {
      id
      uiTheme
    }
  }
`);

/** Applies the profile's uiTheme (light, dark, or the system's) to the page. */
export function ThemeFromProfile() {
  const { data } = useQuery(ME_THEME);
  const theme = data?.me.uiTheme;
  useEffect(() => {
    if (!theme) return;
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}
