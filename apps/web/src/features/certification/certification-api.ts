import {
  type AddressItem,
  type OperatorCompany,
  type OperatorStepResponse,
  type PersonalDataRequest,
  type PersonalEnumResponse,
  type PersonalInfo,
  type WorkEnumResponse,
  type WorkInfo,
  type WorkInfoRequest,
} from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../shared/i18n/use-translation.ts';
import { queryClient } from '../../shared/query/query-client.ts';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { certificationKeys } from './certification-keys.ts';

export function usePersonalEnums() {
  const { language } = useT();
  return useQuery<PersonalEnumResponse>({
    queryKey: certificationKeys.personalEnums(language),
    queryFn: () => callEndpoint(endpoints.personalEnum, {}),
    staleTime: 60 * 60_000,
  });
}

export function useWorkEnums() {
  const { language } = useT();
  return useQuery<WorkEnumResponse>({
    queryKey: certificationKeys.workEnums(language),
    queryFn: () => callEndpoint(endpoints.workEnum, {}),
    staleTime: 60 * 60_000,
  });
}

export function useProvinces() {
  const { language } = useT();
  return useQuery<AddressItem[]>({
    queryKey: certificationKeys.provinces(language),
    queryFn: () => callEndpoint(endpoints.addressList, {}),
    staleTime: 60 * 60_000,
  });
}

export function usePersonalInfo() {
  return useQuery<PersonalInfo>({ queryKey: certificationKeys.personalInfo(), queryFn: () => callEndpoint(endpoints.personalInfo, {}) });
}

export function useWorkInfo() {
  return useQuery<WorkInfo>({ queryKey: certificationKeys.workInfo(), queryFn: () => callEndpoint(endpoints.workInfo, {}) });
}

export async function savePersonalData(input: PersonalDataRequest): Promise<void> {
  await callEndpoint(endpoints.personalSave, input, { skipErrorHandler: true });
  await queryClient.invalidateQueries({ queryKey: certificationKeys.personalInfo() });
}

export async function saveWorkInfo(input: WorkInfoRequest): Promise<void> {
  await callEndpoint(endpoints.workSave, input, { skipErrorHandler: true });
  await queryClient.invalidateQueries({ queryKey: certificationKeys.workInfo() });
}

export function operatorStart(company: OperatorCompany): Promise<OperatorStepResponse> {
  return callEndpoint(endpoints.operatorOne, { company }, { skipErrorHandler: true });
}

/** otp/two: with a code, confirms the first one; without, resends the second. */
export function operatorSecond(company: OperatorCompany, otp?: string): Promise<OperatorStepResponse> {
  return callEndpoint(endpoints.operatorTwo, otp === undefined ? { company } : { company, otp }, { skipErrorHandler: true });
}

export async function operatorFinish(company: OperatorCompany, otp: string): Promise<OperatorStepResponse> {
  const result = await callEndpoint(endpoints.operatorThree, { company, otp }, { skipErrorHandler: true });
  await queryClient.invalidateQueries({ queryKey: certificationKeys.personalInfo() });
  return result;
}
