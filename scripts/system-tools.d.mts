/** Types of scripts/system-tools.mjs (plain Node, so it runs before anything is built). */
export interface SystemTool {
  command: string;
  path?: string;
  pkg: string;
  why: string;
}
export const SYSTEM_TOOLS: SystemTool[];
export function missingTools(): SystemTool[];
export function ensureSystemTools(options?: {
  missing?: () => SystemTool[];
  isRoot?: boolean;
  hasApt?: boolean;
  run?: (command: string, args: string[]) => boolean;
  log?: (message: string) => void;
  error?: (message: string) => void;
}): number;
