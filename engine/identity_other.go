//go:build !unix

package engine

import "io/fs"

// statID and infoID know no identities where the trace cannot be recorded;
// attribution is by path only there.
func statID(string) (fileID, bool) { return fileID{}, false }

func infoID(fs.FileInfo) (fileID, bool) { return fileID{}, false }
