import {
  cloneElement,
  createElement,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

// Dialogs load their code (Radix Dialog, focus trap, scroll lock, and what they show) when first opened,
// not with the page that offers them (docs/performance.md, "Home page weight"). Once loaded a dialog
// stays mounted, so it closes with its own animation and returns focus as Radix does.

/** A dialog whose parent holds `open`: nothing is loaded or drawn until it first opens. */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return <Suspense fallback={null}>{createElement(Dialog, props)}</Suspense>;
  };
}

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

/**
 * A dialog opened by its own trigger (a Radix Dialog.Trigger inside the loaded component): until the
 * first click the trigger is drawn alone; the click loads the dialog, which opens at once.
 */
export function lazyTriggerDialog<P extends { trigger: ReactNode; defaultOpen?: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<Omit<P, 'defaultOpen'>> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyTriggerDialog(props: Omit<P, 'defaultOpen'>) {
    const [wanted, setWanted] = useState(false);
    const given = props.trigger as ReactElement<TriggerProps>;
    const trigger = cloneElement(given, {
      'aria-haspopup': 'dialog',
      onClick: (event: MouseEvent<HTMLElement>) => {
        given.props.onClick?.(event);
        setWanted(true);
      },
    } as TriggerProps);
    if (!wanted) return trigger;
    return <Suspense fallback={trigger}>{createElement(Dialog, { ...props, defaultOpen: true } as P)}</Suspense>;
  };
}
