/*
 * Copyright (c) 2011-2016, Data Geekery GmbH (http://www.datageekery.com)
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.joor.test.interfaces;

@SuppressWarnings("deprecation")
public class Test11 {


    public static final int     SF_INT1 = new Integer(0);
    public static final Integer SF_INT2 = new Integer(0);
    public final int            F_INT1 = new Integer(0);
    public final Integer        F_INT2 = new Integer(0);

    public static Test11   S_DATA;
    public Test11         I_DATA;
}
