import {
  COLOR_SCHEME_LABELS,
  COLOR_SCHEME_NAMES,
  OTHER_COLOR,
  alphaFromPercent,
  clampChannel,
  parseHexInput,
} from '../settings/colors.ts';
import { colord } from 'colord';
import { useEffect, useId, useRef, useState } from 'react';
import { HexAlphaColorPicker } from 'react-colorful';
import { lookAlikeColors, lookAlikeText } from '../settings/color-vision.ts';
import { contrastWarning } from '../settings/contrast.ts';
import { useSettings } from '../settings/settings-context.tsx';
import { useChooseScheme } from '../settings/use-scheme-url.ts';

const CUSTOM_SCHEME_DESCRIPTION =
  'Create a custom color scheme, click on the color you would like to change and use the color picker.';

/** Body of the settings modal: one tab, 'Color Scheme Settings'. A choice applies at once. */
export default function SettingsModalBody() {
  const tabId = useId();
  const panelId = useId();
  return (
    <div className="ps-settings">
      <div role="tablist" className="ps-tabs">
        <button
          type="button"
          role="tab"
          id={tabId}
          aria-selected="true"
          aria-controls={panelId}
          className="ps-tab"
        >
          Color Scheme Settings
        </button>
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId} className="ps-tabpanel">
        <ColorSchemeSettings />
      </div>
    </div>
  );
}

function ColorSchemeSettings() {
  const { schemeName, colorSchemes, patterns, setPatterns } = useSettings();
  const chooseScheme = useChooseScheme();
  const patternsHint = useId();
  // The built-in schemes are told apart by every colour vision (a unit test checks them); the custom
  // one is checked as it is edited, and a pair that looks alike is said under it.
  const alike = lookAlikeColors(colorSchemes.custom, OTHER_COLOR);
  const alikeWarning = useId();
  return (
    <>
      <p className="ps-current-scheme">Current: {COLOR_SCHEME_LABELS[schemeName]}</p>
      <fieldset className="ps-schemes">
        <legend className="ps-visually-hidden">Color scheme</legend>
        {COLOR_SCHEME_NAMES.map((name) => (
          <div key={name} className="ps-scheme" data-scheme={name}>
            <label className="ps-scheme-label">
              <input
                type="radio"
                name="ps-color-scheme"
                value={name}
                checked={schemeName === name}
                onChange={() => chooseScheme(name)}
              />{' '}
              {COLOR_SCHEME_LABELS[name]}
            </label>
            {name === 'custom' && <p className="ps-custom-description">{CUSTOM_SCHEME_DESCRIPTION}</p>}
            <div className="ps-swatches">
              {colorSchemes[name].map((color, index) =>
                name === 'custom' ? (
                  <CustomSwatch
                    key={index}
                    index={index}
                    color={color}
                    editable={schemeName === 'custom'}
                    alike={alike && (alike.a === index || alike.b === index) ? alikeWarning : undefined}
                  />
                ) : (
                  <span key={index} className="ps-swatch" style={{ background: color }} title={color} />
                ),
              )}
            </div>
            {name === 'custom' && (
              // Always rendered, so that screen readers announce the warning when an edit brings it.
              <p
                id={alikeWarning}
                className="ps-contrast-warning"
                role="status"
                data-testid="color-vision-warning"
              >
                {alike && lookAlikeText(alike)}
              </p>
            )}
          </div>
        ))}
      </fieldset>
      <div className="ps-pattern-setting">
        <label>
          <input
            type="checkbox"
            checked={patterns}
            aria-describedby={patternsHint}
            onChange={(event) => setPatterns(event.target.checked)}
          />{' '}
          Pattern fills
        </label>
        <p id={patternsHint} className="ps-custom-description">
          Hatches and dots on bars and legend swatches, so that series differ by more than colour.
        </p>
      </div>
    </>
  );
}

/** A custom colour: a click opens a picker next to it; a click outside the picker closes it. */
function CustomSwatch({
  index,
  color,
  editable,
  alike,
}: {
  index: number;
  color: string;
  editable: boolean;
  /** The id of the warning that says this colour looks like another of the scheme, when it does. */
  alike: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const low = contrastWarning(color) !== undefined;
  const { setCustomColor } = useSettings();

  useEffect(() => {
    if (!open) return;
    // Closed by a click that began and ended outside, once that click is done: closing on mousedown
    // moved the rows below the picker before the button went up, so the click missed its target
    // (the pattern-fills box, say). A drag out of the picker's colour area does not close it.
    let downOutside = false;
    const onDown = (event: MouseEvent) => {
      downOutside = !wrapper.current?.contains(event.target as Node);
    };
    const onClick = (event: MouseEvent) => {
      if (downOutside && !wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    // Effects are cleaned up after the next paint: a second Escape pressed before that must reach
    // the modal (and close it), so this listener stops itself at once.
    let listening = true;
    const onKey = (event: KeyboardEvent) => {
      if (listening && event.key === 'Escape') {
        listening = false;
        event.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  return (
    <span ref={wrapper} className="ps-swatch-wrapper">
      <button
        ref={button}
        type="button"
        className={`ps-swatch ps-swatch-button${low ? ' ps-swatch-low' : ''}${alike ? ' ps-swatch-alike' : ''}`}
        style={{ background: color }}
        aria-label={`Custom color ${index + 1}: ${color}${low ? ', low contrast' : ''}`}
        aria-describedby={alike}
        data-alike={alike !== undefined || undefined}
        aria-expanded={open}
        disabled={!editable}
        data-index={index}
        onClick={() => setOpen((o) => !o)}
      />
      {open && editable && (
        <ColorPicker
          color={color}
          label={`Custom color ${index + 1}`}
          onChange={(c) => setCustomColor(index, c)}
        />
      )}
    </span>
  );
}

function ColorPicker({
  color,
  label,
  onChange,
}: {
  color: string;
  label: string;
  onChange: (c: string) => void;
}) {
  const rgba = colord(color).toRgb();
  // The text typed here and the colour it was typed at. The field shows that text while the colour
  // is still that one, and the colour once it changes elsewhere (the picker, R/G/B). Derived at
  // render, not synced in an effect: typing 00ffff passes through the valid 00f, and an effect that
  // runs a frame later would rewrite the field under the typist's fingers.
  const [draft, setDraft] = useState({ text: color, at: color });
  const hexText = draft.at === color ? draft.text : color;
  const setRgba = (next: Partial<typeof rgba>) => onChange(colord({ ...rgba, ...next }).toHex());
  const warning = contrastWarning(color);

  return (
    <div className="ps-picker" role="group" aria-label={`${label} picker`}>
      <HexAlphaColorPicker color={color} onChange={onChange} />
      <div className="ps-picker-inputs">
        <label>
          Hex
          <input
            className="ps-hex-input"
            value={hexText}
            spellCheck={false}
            aria-invalid={parseHexInput(hexText) === undefined}
            onChange={(event) => {
              const parsed = parseHexInput(event.target.value);
              setDraft({ text: event.target.value, at: parsed ?? color });
              if (parsed) onChange(parsed);
            }}
          />
        </label>
        {(['r', 'g', 'b'] as const).map((channel) => (
          <label key={channel}>
            {channel.toUpperCase()}
            <input
              type="number"
              min={0}
              max={255}
              value={rgba[channel]}
              onChange={(event) => setRgba({ [channel]: clampChannel(event.target.valueAsNumber) })}
            />
          </label>
        ))}
        <label>
          Alpha %
          <input
            type="number"
            min={0}
            max={100}
            value={Math.round(rgba.a * 100)}
            onChange={(event) => setRgba({ a: alphaFromPercent(event.target.valueAsNumber) })}
          />
        </label>
      </div>
      {/* Always rendered, so that screen readers announce a warning when it appears. */}
      <p className="ps-contrast-warning" role="status" data-testid="contrast-warning">
        {warning}
      </p>
    </div>
  );
}
