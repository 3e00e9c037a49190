/** A pass as its holder sees it through their link: what it is, where it's from, what's on it. */
import type { CustomerPass } from '@passes/application';
import type { CustomerPassResponse } from '@passes/contracts';
import { minorUnitsToNumber } from '@passes/domain';
import type { PassLinks } from '@passes/wallets';

export function customerPassRepresentation({ pass, businessName, templateName }: CustomerPass, links: PassLinks): CustomerPassResponse {
  return {
    id: pass.id,
    serial_number: pass.serialNumber,
    business_name: businessName,
    template_name: templateName,
    customer_name: pass.customerName,
    status: pass.status,
    stamps: pass.stamps,
    points: pass.points,
    balance: pass.balanceMinor === null ? null : minorUnitsToNumber(pass.balanceMinor),
    download_url: links.downloadUrl,
  };
}
