/* cocci: blob_infra.cocci -D obj=perf_event path=security/selinux/hooks.c extra=infra_mismatch_perf.h:security/selinux/include/objsec.h */
/* log: ERROR: existing accessor selinux_perf_event */
/* D3: the header has selinux_perf_event(void *), upstream's shape, but
 * the script would call selinux_perf_event(event): that compiles (any
 * pointer converts to void *) and returns the wrong pointer.  ERROR, and
 * nothing in the file is converted. */
#include "include/objsec.h"

struct security_hook_list {
	int x;
};

struct lsm_blob_sizes selinux_blob_sizes = {
	.lbs_perf_event = sizeof(struct perf_event_security_struct),
};

static int selinux_perf_event_alloc(struct perf_event *event)
{
	struct perf_event_security_struct *perfsec;

	perfsec = kzalloc(sizeof(*perfsec), GFP_KERNEL);
	if (!perfsec)
		return -ENOMEM;
	perfsec->sid = current_sid();
	event->security = perfsec;
	return 0;
}

static void selinux_perf_event_free(struct perf_event *event)
{
	struct perf_event_security_struct *perfsec = event->security;

	event->security = NULL;
	kfree(perfsec);
}

static int selinux_perf_event_read(struct perf_event *event)
{
	struct perf_event_security_struct *perfsec = event->security;

	return avc_has_perm(current_sid(), perfsec->sid);
}

static struct security_hook_list selinux_hooks[] = {
	LSM_HOOK_INIT(perf_event_alloc, selinux_perf_event_alloc),
	LSM_HOOK_INIT(perf_event_free, selinux_perf_event_free),
	LSM_HOOK_INIT(perf_event_read, selinux_perf_event_read),
};
