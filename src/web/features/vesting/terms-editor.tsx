import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  ALLOCATION_TYPES,
  DAY_OF_MONTH_OPTIONS,
  MILESTONE_ALLOCATION_TYPES,
} from '../../../domain/vesting/types';
import type { AllocationType, DayOfMonth } from '../../../domain/vesting/types';
import {
  MAX_PORTION_TERM,
  VESTING_LIMITS,
  type VestingTermsInput,
} from '../../../contracts/vesting';
import { MAX_SHARE_COUNT } from '../../../domain/equity';
import { Button } from '../../components/ui/button';
import { DateInput } from '../../components/ui/date-input';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { msg, t } from '../../lib/i18n';
import {
  ALLOCATION_LABELS,
  dayOfMonthLabel,
  defaultCombinedTerms,
  defaultMilestone,
  defaultMilestoneTerms,
  defaultTimeTerms,
  nextMilestoneId,
  type MilestoneInput,
  type MilestoneTermsInput,
  type TimeTermsInput,
} from './terms';

/** Errors keyed by their path inside the terms ('occurrences', 'milestones.0.name', '' itself). */
type Errors = Readonly<Record<string, string>>;

const TYPE_LABELS: Record<VestingTermsInput['type'], string> = {
  time: msg('vesting.type.time'),
  milestone: msg('vesting.type.milestone'),
  combined: msg('vesting.type.combined'),
};

/** A whole number from a number input; NaN for an empty one (the schema names the problem). */
const toCount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const countText = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : String(n));

/** Errors under `prefix.`, relative to it. */
function under(errors: Errors, prefix: string): Errors {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path === prefix) out[''] = message;
    else if (path.startsWith(`${prefix}.`)) out[path.slice(prefix.length + 1)] = message;
  }
  return out;
}

function NumberField({
  label,
  value,
  onChange,
  error,
  description,
  min = 0,
  max,
  disabled,
}: {
  label: string;
  value: number | undefined;
  onChange: (n: number) => void;
  error?: string | undefined;
  description?: ReactNode;
  min?: number;
  /** The contract's limit (VESTING_LIMITS), so the browser's own checks agree with it. */
  max?: number | undefined;
  disabled?: boolean | undefined;
}) {
  return (
    <FormField label={label} error={error} description={description}>
      {(c) => (
        <Input
          {...c}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          disabled={disabled}
          value={countText(value)}
          onChange={(e) => onChange(toCount(e.target.value))}
        />
      )}
    </FormField>
  );
}

function AllocationField<T extends AllocationType>({
  value,
  onChange,
  error,
  disabled,
  types,
  description,
}: {
  value: T | undefined;
  onChange: (a: T) => void;
  error?: string | undefined;
  disabled?: boolean | undefined;
  /** The types the terms take (milestones: the cumulative ones only). */
  types: readonly T[];
  description?: string;
}) {
  return (
    <FormField
      label={t('vesting.allocation.label')}
      error={error}
      description={description ?? t('vesting.allocation.description')}
    >
      {(c) => (
        <Select
          {...c}
          disabled={disabled}
          value={value ?? 'CUMULATIVE_ROUNDING'}
          onChange={(e) => onChange(e.target.value as T)}
        >
          {types.map((a) => (
            <option key={a} value={a}>
              {t(ALLOCATION_LABELS[a])}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

/** Period length and unit, installments, cliff, day of month, allocation. */
function TimeFields({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: TimeTermsInput;
  onChange: (next: TimeTermsInput) => void;
  errors: Errors;
  disabled?: boolean | undefined;
}) {
  const set = (patch: Partial<TimeTermsInput>) => onChange({ ...value, ...patch });
  const unit = value.periodUnit === 'days' ? 'days' : 'months';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NumberField
        label={t('vesting.time.periodLength')}
        value={value.periodLength}
        min={1}
        max={unit === 'months' ? VESTING_LIMITS.periodMonths : VESTING_LIMITS.periodDays}
        onChange={(periodLength) => set({ periodLength })}
        error={errors.periodLength}
        description={
          unit === 'months'
            ? t('vesting.time.periodLength.monthsHint', { max: VESTING_LIMITS.periodMonths })
            : t('vesting.time.periodLength.daysHint', { max: VESTING_LIMITS.periodDays })
        }
        disabled={disabled}
      />
      <FormField label={t('vesting.time.periodUnit')} error={errors.periodUnit}>
        {(c) => (
          <Select
            {...c}
            disabled={disabled}
            value={unit}
            onChange={(e) => set({ periodUnit: e.target.value as 'months' | 'days' })}
          >
            <option value="months">{t('vesting.time.unit.months')}</option>
            <option value="days">{t('vesting.time.unit.days')}</option>
          </Select>
        )}
      </FormField>
      <NumberField
        label={t('vesting.time.occurrences')}
        value={value.occurrences}
        min={1}
        max={VESTING_LIMITS.occurrences}
        onChange={(occurrences) => set({ occurrences })}
        error={errors.occurrences}
        description={t('vesting.time.occurrences.hint', { max: VESTING_LIMITS.occurrences })}
        disabled={disabled}
      />
      <NumberField
        label={t('vesting.time.cliff')}
        value={value.cliffPeriods ?? 0}
        max={
          Number.isSafeInteger(value.occurrences) ? value.occurrences : VESTING_LIMITS.occurrences
        }
        onChange={(cliffPeriods) => set({ cliffPeriods })}
        error={errors.cliffPeriods}
        description={t('vesting.time.cliff.hint')}
        disabled={disabled}
      />
      {unit === 'months' ? (
        <FormField
          label={t('vesting.time.dayOfMonth')}
          error={errors.dayOfMonth}
          description={t('vesting.time.dayOfMonth.hint')}
        >
          {(c) => (
            <Select
              {...c}
              disabled={disabled}
              value={value.dayOfMonth ?? 'VESTING_START_DAY_OR_LAST_DAY_OF_MONTH'}
              onChange={(e) => set({ dayOfMonth: e.target.value as DayOfMonth })}
            >
              {DAY_OF_MONTH_OPTIONS.map((d) => (
                <option key={d} value={d}>
                  {dayOfMonthLabel(d)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      <AllocationField
        value={value.allocation}
        onChange={(allocation) => set({ allocation })}
        error={errors.allocation}
        disabled={disabled}
        types={ALLOCATION_TYPES}
      />
    </div>
  );
}

function MilestoneRow({
  index,
  milestone,
  onChange,
  onRemove,
  errors,
  disabled,
}: {
  index: number;
  milestone: MilestoneInput;
  onChange: (next: MilestoneInput) => void;
  onRemove: (() => void) | null;
  errors: Errors;
  disabled?: boolean | undefined;
}) {
  const byQuantity = milestone.quantity !== undefined;
  const numbered = t('vesting.milestone.numbered', { number: index + 1 });
  const label = milestone.name || numbered;
  return (
    <li>
      <fieldset className="grid gap-3 rounded-lg border p-3">
        <legend className="px-1 text-sm font-medium">{numbered}</legend>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <FormField label={t('vesting.milestone.name')} error={errors.name ?? errors.id}>
            {(c) => (
              <Input
                {...c}
                disabled={disabled}
                autoComplete="off"
                placeholder={t('vesting.milestone.name.placeholder')}
                value={milestone.name}
                onChange={(e) => onChange({ ...milestone, name: e.target.value })}
              />
            )}
          </FormField>
          {onRemove ? (
            <Button
              variant="ghost"
              size="sm"
              className="self-end"
              onClick={onRemove}
              disabled={disabled}
              aria-label={t('vesting.milestone.remove', { name: label })}
            >
              <Trash2 aria-hidden="true" />
              {t('vesting.remove')}
            </Button>
          ) : null}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField label={t('vesting.milestone.vests')} error={errors.portion}>
            {(c) => (
              <Select
                {...c}
                disabled={disabled}
                value={byQuantity ? 'quantity' : 'portion'}
                onChange={(e) => {
                  const { portion: _p, quantity: _q, ...rest } = milestone;
                  onChange(
                    e.target.value === 'quantity'
                      ? { ...rest, quantity: 1 }
                      : { ...rest, portion: { numerator: 1, denominator: 1 } },
                  );
                }}
              >
                <option value="portion">{t('vesting.milestone.byPortion')}</option>
                <option value="quantity">{t('vesting.milestone.byQuantity')}</option>
              </Select>
            )}
          </FormField>
          {byQuantity ? (
            <NumberField
              label={t('vesting.milestone.shares')}
              min={1}
              max={MAX_SHARE_COUNT}
              value={milestone.quantity}
              onChange={(quantity) => onChange({ ...milestone, quantity })}
              error={errors.quantity}
              disabled={disabled}
            />
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <NumberField
                label={t('vesting.numerator')}
                max={MAX_PORTION_TERM}
                value={milestone.portion?.numerator}
                onChange={(numerator) =>
                  onChange({
                    ...milestone,
                    portion: { numerator, denominator: milestone.portion?.denominator ?? 1 },
                  })
                }
                error={errors['portion.numerator']}
                disabled={disabled}
              />
              <NumberField
                label={t('vesting.denominator')}
                min={1}
                max={MAX_PORTION_TERM}
                value={milestone.portion?.denominator}
                onChange={(denominator) =>
                  onChange({
                    ...milestone,
                    portion: { numerator: milestone.portion?.numerator ?? 1, denominator },
                  })
                }
                error={errors['portion.denominator']}
                disabled={disabled}
              />
            </div>
          )}
          <FormField
            label={t('vesting.milestone.deadline')}
            error={errors.deadline}
            description={t('vesting.milestone.deadline.hint')}
          >
            {(c) => (
              <DateInput
                {...c}
                disabled={disabled}
                value={milestone.deadline ?? ''}
                onValueChange={(deadline) => onChange({ ...milestone, deadline: deadline || null })}
              />
            )}
          </FormField>
        </div>
      </fieldset>
    </li>
  );
}

function MilestoneFields({
  value,
  onChange,
  errors,
  disabled,
  otherMilestones = [],
}: {
  value: MilestoneTermsInput;
  onChange: (next: MilestoneTermsInput) => void;
  errors: Errors;
  disabled?: boolean | undefined;
  /** Milestones of the other parts of combined terms: a new id must differ from theirs too. */
  otherMilestones?: readonly MilestoneInput[];
}) {
  const milestones = value.milestones;
  const setMilestones = (next: MilestoneInput[]) => onChange({ ...value, milestones: next });
  return (
    <div className="grid gap-3">
      {errors.milestones ? (
        <p className="text-xs font-medium text-destructive" role="alert">
          {errors.milestones}
        </p>
      ) : null}
      <ul className="grid gap-3" aria-label={t('vesting.milestones')}>
        {milestones.map((m, i) => (
          <MilestoneRow
            key={m.id}
            index={i}
            milestone={m}
            disabled={disabled}
            errors={under(errors, `milestones.${i}`)}
            onChange={(next) => setMilestones(milestones.map((x, j) => (j === i ? next : x)))}
            onRemove={
              milestones.length > 1
                ? () => setMilestones(milestones.filter((_, j) => j !== i))
                : null
            }
          />
        ))}
      </ul>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || milestones.length >= VESTING_LIMITS.milestones}
          onClick={() =>
            setMilestones([
              ...milestones,
              defaultMilestone(nextMilestoneId([...otherMilestones, ...milestones])),
            ])
          }
        >
          <Plus aria-hidden="true" />
          {t('vesting.milestone.add')}
        </Button>
        <div className="w-full sm:w-72">
          <AllocationField
            value={value.allocation}
            onChange={(allocation) => onChange({ ...value, allocation })}
            error={errors.allocation}
            disabled={disabled}
            types={MILESTONE_ALLOCATION_TYPES}
            description={t('vesting.milestone.allocation.hint')}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * Editor of vesting terms (issue 5): time-based (period, installments, cliff, day of month,
 * allocation), milestone-based (a list of milestones, each a fraction of the grant or a number
 * of shares, with an optional deadline) or combined (parts, each a fraction with time or
 * milestone terms). Controlled: the form owns the value and passes its validation errors in.
 * Milestone ids are given here ("m1", "m2"…), unique across all parts of combined terms, and
 * never change, so achievements stay attached.
 */
export function TermsEditor({
  value,
  onChange,
  errors = {},
  disabled,
}: {
  value: VestingTermsInput;
  onChange: (next: VestingTermsInput) => void;
  errors?: Errors;
  disabled?: boolean | undefined;
}) {
  const changeType = (type: VestingTermsInput['type']) => {
    if (type === value.type) return;
    onChange(
      type === 'time'
        ? defaultTimeTerms()
        : type === 'milestone'
          ? defaultMilestoneTerms()
          : defaultCombinedTerms(),
    );
  };
  return (
    <div className="grid gap-4">
      <FormField
        label={t('vesting.type.label')}
        error={errors[''] ?? errors.type}
        className="sm:max-w-sm"
      >
        {(c) => (
          <Select
            {...c}
            disabled={disabled}
            value={value.type}
            onChange={(e) => changeType(e.target.value as VestingTermsInput['type'])}
          >
            {(['time', 'milestone', 'combined'] as const).map((type) => (
              <option key={type} value={type}>
                {t(TYPE_LABELS[type])}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {value.type === 'time' ? (
        <TimeFields value={value} onChange={onChange} errors={errors} disabled={disabled} />
      ) : value.type === 'milestone' ? (
        <MilestoneFields value={value} onChange={onChange} errors={errors} disabled={disabled} />
      ) : (
        <div className="grid gap-3">
          {errors.parts ? (
            <p className="text-xs font-medium text-destructive" role="alert">
              {errors.parts}
            </p>
          ) : null}
          <ol className="grid gap-3" aria-label={t('vesting.parts')}>
            {value.parts.map((part, i) => {
              const partErrors = under(errors, `parts.${i}`);
              const setPart = (next: typeof part) =>
                onChange({ ...value, parts: value.parts.map((p, j) => (j === i ? next : p)) });
              // Milestone ids are unique across all parts (the API refuses duplicates).
              const otherMilestones = value.parts.flatMap((p, j) =>
                j !== i && p.terms.type === 'milestone' ? p.terms.milestones : [],
              );
              return (
                <li key={i}>
                  <fieldset className="grid gap-3 rounded-lg border p-3">
                    <legend className="px-1 text-sm font-semibold">
                      {t('vesting.part.numbered', { number: i + 1 })}
                    </legend>
                    <div className="grid gap-3 sm:grid-cols-[8rem_8rem_1fr_auto]">
                      <NumberField
                        label={t('vesting.numerator')}
                        max={MAX_PORTION_TERM}
                        value={part.portion.numerator}
                        onChange={(numerator) =>
                          setPart({ ...part, portion: { ...part.portion, numerator } })
                        }
                        error={partErrors['portion.numerator']}
                        disabled={disabled}
                      />
                      <NumberField
                        label={t('vesting.denominator')}
                        min={1}
                        max={MAX_PORTION_TERM}
                        value={part.portion.denominator}
                        onChange={(denominator) =>
                          setPart({ ...part, portion: { ...part.portion, denominator } })
                        }
                        error={partErrors['portion.denominator']}
                        disabled={disabled}
                      />
                      <FormField label={t('vesting.part.vestsOn')}>
                        {(c) => (
                          <Select
                            {...c}
                            disabled={disabled}
                            value={part.terms.type}
                            onChange={(e) =>
                              setPart({
                                ...part,
                                terms:
                                  e.target.value === 'time'
                                    ? defaultTimeTerms()
                                    : {
                                        ...defaultMilestoneTerms(),
                                        milestones: [
                                          defaultMilestone(nextMilestoneId(otherMilestones)),
                                        ],
                                      },
                              })
                            }
                          >
                            <option value="time">{t('vesting.part.time')}</option>
                            <option value="milestone">{t('vesting.milestones')}</option>
                          </Select>
                        )}
                      </FormField>
                      {value.parts.length > 2 ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="self-end"
                          disabled={disabled}
                          aria-label={t('vesting.part.remove', { number: i + 1 })}
                          onClick={() =>
                            onChange({ ...value, parts: value.parts.filter((_, j) => j !== i) })
                          }
                        >
                          <Trash2 aria-hidden="true" />
                          {t('vesting.remove')}
                        </Button>
                      ) : null}
                    </div>
                    {part.terms.type === 'time' ? (
                      <TimeFields
                        value={part.terms}
                        onChange={(terms) => setPart({ ...part, terms })}
                        errors={under(partErrors, 'terms')}
                        disabled={disabled}
                      />
                    ) : (
                      <MilestoneFields
                        value={part.terms}
                        onChange={(terms) => setPart({ ...part, terms })}
                        errors={under(partErrors, 'terms')}
                        disabled={disabled}
                        otherMilestones={otherMilestones}
                      />
                    )}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={disabled || value.parts.length >= VESTING_LIMITS.parts}
            onClick={() =>
              onChange({
                ...value,
                parts: [
                  ...value.parts,
                  { portion: { numerator: 0, denominator: 1 }, terms: defaultTimeTerms() },
                ],
              })
            }
          >
            <Plus aria-hidden="true" />
            {t('vesting.part.add')}
          </Button>
        </div>
      )}
    </div>
  );
}
