/** Where the browser keeps the profile's theme between visits, read before the first paint. */
export const THEME_STORAGE_KEY = 'sealwright-theme';

/**
 * The inline script the root layout runs in <head>, before anything is painted: it applies the
 * theme last chosen in the profile ('light' or 'dark'), as next-themes does, so a page never
 * paints light and then switches. 'system' (nothing stored) leaves it to prefers-color-scheme
 * in the CSS. Storage may be unavailable (privacy modes): then the page follows the system.
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;
