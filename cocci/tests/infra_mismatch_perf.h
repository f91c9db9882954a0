/* objsec.h with upstream's perf_event accessor (6.12): it takes the
 * blob, not the event. */
struct perf_event {
	void *security;
};
struct perf_event_security_struct {
	unsigned int sid;
};
struct lsm_blob_sizes {
	int lbs_perf_event;
};
extern struct lsm_blob_sizes selinux_blob_sizes;

static inline struct perf_event_security_struct *
selinux_perf_event(void *perf_event)
{
	return perf_event + selinux_blob_sizes.lbs_perf_event;
}
