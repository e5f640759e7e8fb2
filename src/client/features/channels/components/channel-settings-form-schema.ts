import type { z } from 'zod';
import { channelSettingsSchema, type ChannelSettingsInput } from '../../../../common/schemas/channels';

/** The settings screen's form: the API's settings, the review link checked with the API's message. */
export const channelSettingsFormSchema = channelSettingsSchema;
export type ChannelSettingsFormValues = z.input<typeof channelSettingsFormSchema>;
export type ChannelSettingsFormOutput = z.output<typeof channelSettingsFormSchema>;

export const toFormValues = ({
  channels,
  surveyEnabled,
  surveyDelayHours,
  surveyReviewUrl,
}: ChannelSettingsInput): ChannelSettingsFormValues => ({ channels, surveyEnabled, surveyDelayHours, surveyReviewUrl });

export const toInput = (values: ChannelSettingsFormOutput): ChannelSettingsInput => values;
