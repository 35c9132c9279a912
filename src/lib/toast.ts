import { useSyncExternalStore } from 'react';
import { TOAST_MS } from '../../domain/limits';

export type Toast = { id: number; tone: 'error' | 'success' | 'info'; title?: string; message: string };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  emit(toasts.filter((toast) => toast.id !== id));
}

/** Spec: toasts sit at the top and go away after five seconds. */
export function showToast(toast: Omit<Toast, 'id'>, durationMs: number = TOAST_MS): number {
  const id = nextId++;
  emit([...toasts, { ...toast, id }]);
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}
