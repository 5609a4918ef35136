import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, type Ref } from 'react';

/** What the page asks of the editor besides its text changes. */
export interface JsonEditorHandle {
  text: () => string;
  /** Selects `[start, end)`, scrolls it into view and focuses the editor: where an error lies. */
  select: (start: number, end: number) => void;
  /** Replaces the whole text (one undoable change), as the query builder writes it. */
  replace: (text: string) => void;
}

interface JsonEditorProps {
  initial: string;
  /** Id of the element that names the text. */
  labelledBy: string;
  /** Id of the message that describes the text (its errors). */
  describedBy: string;
  invalid: boolean;
  onChange: (text: string) => void;
  /** Ctrl+Enter (Cmd+Enter): run the request. */
  onRun: () => void;
  ref?: Ref<JsonEditorHandle>;
}

/**
 * The request's JSON in CodeMirror: highlighting from a JSON parser, matching brackets marked, line
 * numbers, undo. The view is created once, its callbacks effect events, so a new render does not
 * rebuild the editor (and lose the cursor).
 */
export function JsonEditor({
  initial,
  labelledBy,
  describedBy,
  invalid,
  onChange,
  onRun,
  ref,
}: JsonEditorProps) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const attributes = useRef(new Compartment());
  const change = useEffectEvent(onChange);
  const run = useEffectEvent(onRun);

  const contentAttributes = (isInvalid: boolean) =>
    EditorView.contentAttributes.of({
      'aria-labelledby': labelledBy,
      'aria-describedby': describedBy,
      'aria-invalid': String(isInvalid),
      'aria-multiline': 'true',
      role: 'textbox',
      // Said outright, so that checkers see the scrolling editor holds a focusable element.
      tabindex: '0',
    });

  useEffect(() => {
    const created = new EditorView({
      parent: parent.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          history(),
          indentOnInput(),
          bracketMatching(),
          // Tokens get class names (tok-string…) that the stylesheet colours from the theme.
          syntaxHighlighting(classHighlighter),
          json(),
          EditorView.lineWrapping,
          keymap.of([
            {
              key: 'Mod-Enter',
              run: () => {
                run();
                return true;
              },
            },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          attributes.current.of(contentAttributes(false)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) change(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The editor is made once; its text then belongs to the visitor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: attributes.current.reconfigure(contentAttributes(invalid)) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invalid]);

  useImperativeHandle(ref, () => ({
    text: () => view.current?.state.doc.toString() ?? initial,
    select: (start, end) => {
      const current = view.current;
      if (!current) return;
      const length = current.state.doc.length;
      const from = Math.min(start, length);
      current.dispatch({
        selection: EditorSelection.range(from, Math.min(Math.max(end, from + 1), length)),
        scrollIntoView: true,
      });
      current.focus();
    },
    replace: (text) => {
      const current = view.current;
      if (!current || current.state.doc.toString() === text) return;
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: text } });
    },
  }));

  return <div ref={parent} className={`ps-sp-editor${invalid ? ' ps-sp-editor-invalid' : ''}`} />;
}
