import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { api } from "./api";
import { live } from "./live";

/** Re-renders when anything live changes; returns the store. */
export function useLive() {
  useSyncExternalStore(live.subscribe, live.getVersion);
  return live;
}

/** Fetches JSON from the API; `reload()` fetches again. Stale answers are ignored. */
export function useApi<T>(path: string | null, deps: unknown[] = []) {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({
    loading: path !== null,
  });
  const counter = useRef(0);
  const load = useCallback(() => {
    if (path === null) return;
    const mine = ++counter.current;
    setState((s) => ({ ...s, loading: true }));
    api<T>(path).then(
      (data) => mine === counter.current && setState({ data, loading: false }),
      (error: Error) => mine === counter.current && setState((s) => ({ ...s, error, loading: false })),
    );
  }, [path]);
  const trigger = JSON.stringify(deps); // callers pass extra reload triggers
  useEffect(() => {
    if (trigger !== undefined) load();
  }, [load, trigger]);
  return { ...state, reload: load };
}

/** Re-renders every `ms` while `active` (countdowns, relative times). */
export function useTicker(ms: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms, active]);
  return now;
}
