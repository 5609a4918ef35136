import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FALLBACK_TEXT } from './messages.ts';

interface State {
  failed: boolean;
}

/** Top-level fallback for an uncaught rendering error: 'Something went wrong.', logged to the console. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Uncaught rendering error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div className="ps-app">
          <p className="ps-fallback" role="alert">
            {FALLBACK_TEXT}
          </p>
        </div>
      );
    }
    return this.props.children;
  }
}
