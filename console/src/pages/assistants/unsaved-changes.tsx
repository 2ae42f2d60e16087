import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ShouldBlockFn, useBlocker } from '@tanstack/react-router';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef } from 'react';

type Report = (formId: string, dirty: boolean) => void;
const UnsavedChangesContext = createContext<Report | null>(null);

/** Tells the editor around this form whether it holds changes that are not saved yet. */
export function useReportUnsavedChanges(dirty: boolean): void {
  const report = useContext(UnsavedChangesContext);
  const id = useId();
  useEffect(() => {
    report?.(id, dirty);
    return () => report?.(id, false);
  }, [report, id, dirty]);
}

/**
 * Around the editor: leaving a tab or the page while a form holds unsaved changes asks first
 * (the router's blocker), and reloading or closing the browser tab gets the browser's own
 * prompt (beforeunload). Going to sign-in, after the session ended, is not held back.
 */
export function UnsavedChangesGuard({ what, children }: { what: string; children: ReactNode }) {
  const dirty = useRef(new Set<string>());
  const report = useCallback<Report>((id, isDirty) => {
    if (isDirty) dirty.current.add(id);
    else dirty.current.delete(id);
  }, []);
  const shouldBlockFn = useCallback<ShouldBlockFn>(({ next }) => dirty.current.size > 0 && next.routeId !== '/sign-in', []);
  const enableBeforeUnload = useCallback(() => dirty.current.size > 0, []);
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: true });
  const stay = () => blocker.reset?.();
  return (
    <UnsavedChangesContext.Provider value={report}>
      {children}
      <Modal opened={blocker.status === 'blocked'} onClose={stay} title="Leave without saving?">
        <Stack>
          <Text size="sm">Your changes in {what} are not saved. If you leave now, they are lost.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={stay} data-autofocus>
              Keep editing
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Discard changes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </UnsavedChangesContext.Provider>
  );
}
